import { FIGURES, type Habits } from '@nivesh/shared';
import { formatPrice, formatSignedInr } from '../../../lib/money-format';

type Costs = Extract<Habits['costs']['result'], { status: 'ready' }>;

const percent = (value: number) => `${value.toFixed(2)}%`;

/** The glossary's definition of Charges share with this account's own inputs and result. */
export function chargesShareTip(c: Costs): string {
  const inputs = `charges on the shares sold ${formatPrice(c.chargesOnSold)} ÷ gross realised P&L ${formatSignedInr(c.grossRealizedPnl)}`;
  return c.chargesShareOfGross === null
    ? `${FIGURES.chargesShare.definition} Yours: ${inputs}, so there is no share.`
    : `${FIGURES.chargesShare.definition} Yours: ${inputs} × 100 = ${percent(c.chargesShareOfGross)}.`;
}

/** What the share means in words, including when there is none or it passes 100%. */
export function chargesShareNote(c: Costs): string {
  const charges = formatPrice(c.chargesOnSold);
  const gross = c.grossRealizedPnl;
  const main =
    c.chargesShareOfGross === null
      ? gross < 0
        ? `No share to show: your sales lost ${formatPrice(-gross)} before charges, and their charges (${charges}) added to that.`
        : `No share to show: your sales made nothing before charges, so their charges (${charges}) were all loss.`
      : c.chargesShareOfGross > 100
        ? `The charges on the shares you sold (${charges}) were more than those sales made before charges (${formatSignedInr(gross)}), so they lost money after charges.`
        : `Charges took ${percent(c.chargesShareOfGross)} of the ${formatSignedInr(gross)} your sales made before charges.`;
  return c.chargesPaid === c.chargesOnSold
    ? main
    : `${main} Charges paid (${formatPrice(c.chargesPaid)}) also counts the buy charges of shares you still hold.`;
}
