import {
  DAY_MS,
  IST_OFFSET_MS,
  dateToDayNumber,
  dayNumberToDate,
  istDayNumber,
} from '../market/session-clock.js';

/**
 * Daily-reward calendar rules. A "day" is the IST calendar day (UTC+05:30, no daylight saving),
 * so the day turns at 18:30 UTC whatever time zone the server or browser runs in.
 */

/** 'YYYY-MM-DD' of the IST calendar day containing `ms`. */
export function istDate(ms: number): string {
  return dayNumberToDate(istDayNumber(ms));
}

/** UNIX ms of the IST midnight that starts the day after the one containing `ms`. */
export function nextIstMidnight(ms: number): number {
  return (istDayNumber(ms) + 1) * DAY_MS - IST_OFFSET_MS;
}

export type RewardDecision = { awarded: false; streak: number } | { awarded: true; streak: number };

/**
 * What a claim on `today` does: nothing when today was already claimed; otherwise the streak
 * continues when the last claim was yesterday and restarts at 1 after a gap (or the first time).
 */
export function decideReward(
  last: { lastClaimDate: string; streak: number } | null,
  today: string,
): RewardDecision {
  if (!last) return { awarded: true, streak: 1 };
  const gap = dateToDayNumber(today) - dateToDayNumber(last.lastClaimDate);
  if (gap <= 0) return { awarded: false, streak: last.streak };
  return { awarded: true, streak: gap === 1 ? last.streak + 1 : 1 };
}

/**
 * The streak as it stands on `today`: kept while it can still continue (claimed today or
 * yesterday), 0 once a day has been missed, so the profile never shows a streak that is broken.
 */
export function currentStreak(last: { lastClaimDate: string; streak: number } | null, today: string): number {
  if (!last) return 0;
  const gap = dateToDayNumber(today) - dateToDayNumber(last.lastClaimDate);
  return gap <= 1 ? last.streak : 0;
}
