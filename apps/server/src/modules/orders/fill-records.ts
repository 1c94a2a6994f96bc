import {
  describeFill,
  FEE_LINES,
  paiseToRupees,
  type FeeBreakdown,
  type FeeLineKey,
  type OrderSide,
  type Product,
} from '@nivesh/shared';
import type { AccountId } from '../../db/account-id.js';
import type { LedgerKind, ledgerRepository } from '../ledger/ledger.repository.js';

/** A ledger line of a fill (its order id is set when written). */
type LedgerLine = Omit<Parameters<typeof ledgerRepository.append>[1], 'orderId'>;

/** The ledger kind each fee line is written as. */
const FEE_KINDS: Record<FeeLineKey, LedgerKind> = {
  brokerage: 'FEE_BROKERAGE',
  exchangeCharge: 'FEE_EXCHANGE',
  stt: 'FEE_STT',
  gst: 'FEE_GST',
  sebiFee: 'FEE_SEBI',
  stampDuty: 'FEE_STAMP_DUTY',
  dpCharge: 'FEE_DP',
  squareOffCharge: 'FEE_SQUARE_OFF',
};

/** What a fill writes from: who traded what, at which price, for which value and fees. */
interface FillFigures {
  userId: string;
  accountId: AccountId;
  side: OrderSide;
  quantity: number;
  symbol: string;
  pricePaise: bigint;
  value: bigint;
  fees: FeeBreakdown;
}

/**
 * A fill's ledger lines and the balance after the last one, from the balance before the fill.
 */
export function fillLedgerLines({
  userId,
  accountId,
  side,
  quantity,
  symbol,
  pricePaise,
  value,
  fees,
  balancePaise,
}: FillFigures & { balancePaise: bigint }) {
  // The trade line first, then one line per non-zero fee; on a sell the credit lands before
  // the fees, so the running balance never dips below zero between lines.
  let balance = balancePaise + (side === 'BUY' ? -value : value);
  const lines: LedgerLine[] = [
    {
      userId,
      accountId,
      kind: side === 'BUY' ? 'TRADE_BUY' : 'TRADE_SELL',
      amountPaise: side === 'BUY' ? -value : value,
      balanceAfterPaise: balance,
      description: describeFill({ side, quantity, symbol, price: paiseToRupees(pricePaise) }),
    },
  ];
  for (const line of FEE_LINES) {
    const amount = fees[line.key];
    if (amount === 0n) continue;
    balance -= amount;
    lines.push({
      userId,
      accountId,
      kind: FEE_KINDS[line.key],
      amountPaise: -amount,
      balanceAfterPaise: balance,
      description: `${line.ledgerLabel}: ${side} ${quantity} ${symbol}`,
    });
  }
  return { lines, balance };
}

/** The fill row: its figures, each fee line, the realised P&L (0 on a buy) and the receipt. */
export function fillValues(
  f: FillFigures & { product: Product; realized: bigint | null; receipt: string; tradeDate: string },
) {
  const { value, fees, realized, receipt, tradeDate, ...trade } = f;
  return {
    ...trade,
    valuePaise: value,
    brokeragePaise: fees.brokerage,
    exchangeChargePaise: fees.exchangeCharge,
    sttPaise: fees.stt,
    gstPaise: fees.gst,
    sebiFeePaise: fees.sebiFee,
    stampDutyPaise: fees.stampDuty,
    dpChargePaise: fees.dpCharge,
    squareOffChargePaise: fees.squareOffCharge,
    feesPaise: fees.total,
    realizedPnlPaise: realized ?? 0n,
    receipt,
    tradeDate,
  };
}
