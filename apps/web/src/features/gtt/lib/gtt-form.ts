import {
  createGttRequestSchema,
  gttDirection,
  gttPriceIssues,
  type CreateGttRequest,
  type Gtt,
  type GttDirection,
  type GttKind,
  type OrderSide,
  type Product,
} from '@nivesh/shared';
import { formatPrice } from '../../../lib/money-format';

export interface GttLegValues {
  trigger: string;
  limit: string;
}

/** What the dialog edits: text as typed. OCO's first leg is the stop-loss, its second the target. */
export interface GttFormValues {
  kind: GttKind;
  side: OrderSide;
  product: Product;
  quantity: string;
  legs: [GttLegValues, GttLegValues];
}

const blankLeg = (): GttLegValues => ({ trigger: '', limit: '' });

export function emptyGttForm(): GttFormValues {
  return { kind: 'single', side: 'BUY', product: 'CNC', quantity: '1', legs: [blankLeg(), blankLeg()] };
}

/** An existing GTT's values, for Modify; an OCO's stop-loss (the leg below) first, as the dialog lays them out. */
export function gttFormOf(gtt: Gtt): GttFormValues {
  const legs =
    gtt.kind === 'oco'
      ? [...gtt.legs.filter((l) => l.direction === 'down'), ...gtt.legs.filter((l) => l.direction === 'up')]
      : gtt.legs;
  const leg = (i: number): GttLegValues => {
    const l = legs[i];
    return l ? { trigger: String(l.triggerPrice), limit: String(l.limitPrice) } : blankLeg();
  };
  return {
    kind: gtt.kind,
    side: gtt.side,
    product: gtt.product,
    quantity: String(gtt.quantity),
    legs: [leg(0), leg(1)],
  };
}

/** A typed number, or NaN (which the schema refuses with its message) when it is not one. */
const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export function gttRequestOf(symbol: string, form: GttFormValues): CreateGttRequest {
  const legs = form.kind === 'single' ? [form.legs[0]] : form.legs;
  return {
    symbol,
    kind: form.kind,
    side: form.kind === 'oco' ? 'SELL' : form.side,
    product: form.product,
    quantity: num(form.quantity),
    legs: legs.map((l) => ({ triggerPrice: num(l.trigger), limitPrice: num(l.limit) })),
  };
}

/**
 * The field messages the server would answer with: the shared schema's, then the checks against
 * the last price the dialog shows. Empty when the GTT may be sent.
 */
export function gttFormErrors(
  request: CreateGttRequest,
  lastPrice: number | undefined,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = createGttRequestSchema.safeParse(request);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'body'] ??= issue.message;
    return errors;
  }
  if (lastPrice !== undefined)
    for (const issue of gttPriceIssues(parsed.data, lastPrice)) errors[issue.path] ??= issue.message;
  return errors;
}

/** "Fires when the price falls to ₹400.00", from the last price; null until the trigger is a number. */
export function legDirectionText(trigger: string, lastPrice: number | undefined): string | null {
  const value = num(trigger);
  if (!Number.isFinite(value) || value <= 0 || lastPrice === undefined) return null;
  if (value === lastPrice) return 'At the last price: set it above or below';
  return `Fires when the price ${verb(gttDirection(value, lastPrice))} ${formatPrice(value)}`;
}

export const verb = (d: GttDirection) => (d === 'up' ? 'rises to' : 'falls to');

/**
 * Typing a trigger carries the limit along while the limit still equals the old trigger (or is
 * empty), so the common case (limit at the trigger) needs one field; an edited limit stays.
 */
export function withTrigger(leg: GttLegValues, trigger: string): GttLegValues {
  return leg.limit === '' || leg.limit === leg.trigger ? { trigger, limit: trigger } : { ...leg, trigger };
}
