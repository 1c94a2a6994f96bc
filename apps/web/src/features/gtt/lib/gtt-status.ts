import type { Gtt, GttStatus } from '@nivesh/shared';

/** GTT statuses with the words and colours the GTT list uses (the order list's palette). */
export const GTT_STATUS_META: Record<GttStatus, { label: string; tone: string }> = {
  ACTIVE: { label: 'Active', tone: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200' },
  TRIGGERED: {
    label: 'Triggered',
    tone: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  },
  CANCELLED: {
    label: 'Cancelled',
    tone: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  },
  EXPIRED: { label: 'Expired', tone: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100' },
  REJECTED: { label: 'Rejected', tone: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200' },
};

/** What each leg is called: OCO's stop-loss is the leg below the price, its target the one above. */
export function legName(gtt: Pick<Gtt, 'kind' | 'legs'>, index: number): string {
  if (gtt.kind === 'single') return 'Trigger';
  return gtt.legs[index]?.direction === 'down' ? 'Stop-loss' : 'Target';
}

/** A leg's fate once the GTT is no longer active: the one that fired, and OCO's other (cancelled with it). */
export function legOutcome(gtt: Pick<Gtt, 'triggeredLeg' | 'status'>, index: number): string | null {
  if (gtt.triggeredLeg === null) return null;
  return gtt.triggeredLeg === index ? 'Fired' : 'Cancelled (the other leg fired)';
}
