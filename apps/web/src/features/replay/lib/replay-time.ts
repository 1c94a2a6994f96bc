import { IST_TIME_ZONE, formatClock, formatDateTime, formatDay, type Replay } from '@nivesh/shared';

/**
 * The replay's clock in the exchange's time. A blind replay runs on a stand-in calendar (whole weeks
 * moved, weekday and hour true), so only its weekday and time are shown: the date would be a decoy.
 */
export function replayClockLabel(replay: Pick<Replay, 'clock' | 'calendar'>): string {
  if (replay.calendar === 'stand-in') {
    const weekday = new Date(replay.clock).toLocaleDateString('en-IN', {
      timeZone: IST_TIME_ZONE,
      weekday: 'long',
    });
    return `${weekday}, ${formatClock(replay.clock)} IST`;
  }
  return `${formatDateTime(replay.clock)} IST`;
}

/** What a replay is called in lists: its real dates, or "Blind replay" until it is finished. */
export function replayTitle(replay: Pick<Replay, 'dates' | 'blind' | 'days'>): string {
  if (!replay.dates) return `Blind replay · ${replay.days} ${replay.days === 1 ? 'day' : 'days'}`;
  const [first] = replay.dates;
  const last = replay.dates.at(-1);
  if (!first) return 'Replay';
  return !last || first === last
    ? `Replay of ${formatDay(first)}`
    : `Replay of ${formatDay(first)} to ${formatDay(last)}`;
}

/** 'YYYY-MM-DDTHH:mm' in IST, for a seek input, from an ISO instant. */
export function toIstInputValue(iso: string): string {
  const shifted = new Date(new Date(iso).getTime() + 330 * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** The ISO instant of an IST 'YYYY-MM-DDTHH:mm' seek input. */
export function fromIstInputValue(value: string): string {
  return `${value}:00+05:30`;
}
