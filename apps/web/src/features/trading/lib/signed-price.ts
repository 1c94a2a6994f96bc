import { formatPrice } from '../../../lib/money-format';

/** A P&L with its sign: +₹1.00, −₹1.00, ₹0.00. */
export const signed = (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : ''}${formatPrice(Math.abs(v))}`;
