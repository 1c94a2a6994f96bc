import type { AgentApproval } from '@nivesh/shared';
import { formatPrice } from '../../../lib/money-format';

/** "BUY 10 ITC · LIMIT ₹450.25 · CNC": the held order as a trader reads it. */
export function describeOrder(a: AgentApproval): string {
  const parts = [`${a.type} ${a.quantity.toLocaleString('en-IN')} ${a.symbol}`, a.orderType];
  if (a.price !== null) parts.push(formatPrice(a.price));
  if (a.triggerPrice !== null) parts.push(`trigger ${formatPrice(a.triggerPrice)}`);
  parts.push(a.product);
  return parts.join(' · ');
}

export const APPROVAL_STATUS_LABEL: Record<AgentApproval['status'], string> = {
  AWAITING_APPROVAL: 'Waiting',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  EXPIRED: 'Expired',
};
