import type { NotEnough } from '@nivesh/shared';

/** "Not enough data yet: needs 5 sells, you have 2." */
export function notEnoughText(n: NotEnough): string {
  return `Not enough data yet: needs ${n.needed} ${n.unit}, you have ${n.have}.`;
}

/** Hours as the shortest honest reading: minutes under an hour, hours under two days, else days. */
export function formatHours(hours: number): string {
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  if (hours < 48) return `${hours.toFixed(1)} h`;
  return `${(hours / 24).toFixed(1)} days`;
}

export function formatPoints(value: number): string {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  return `${sign}${Math.abs(value).toFixed(2)} pts`;
}
