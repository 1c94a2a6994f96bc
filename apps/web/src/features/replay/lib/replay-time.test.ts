import { describe, expect, it } from 'vitest';
import { fromIstInputValue, replayClockLabel, replayTitle, toIstInputValue } from './replay-time';

describe('replay time', () => {
  it('shows the real date and IST time, or only weekday and time on the blind stand-in calendar', () => {
    const clock = '2020-03-13T03:45:00.000Z';
    expect(replayClockLabel({ clock, calendar: 'real' })).toBe('Mar 13, 2020 09:15 IST');
    expect(replayClockLabel({ clock, calendar: 'stand-in' })).toBe('Friday, 09:15 IST');
  });

  it('names a replay by its dates, and a blind one without them', () => {
    expect(replayTitle({ dates: ['2020-03-13'], blind: false, days: 1 })).toBe('Replay of Mar 13, 2020');
    expect(replayTitle({ dates: ['2020-03-13', '2020-03-16'], blind: false, days: 2 })).toBe(
      'Replay of Mar 13, 2020 to Mar 16, 2020',
    );
    expect(replayTitle({ dates: null, blind: true, days: 3 })).toBe('Blind replay · 3 days');
  });

  it('round-trips a seek input through IST', () => {
    expect(toIstInputValue('2020-03-13T03:45:00.000Z')).toBe('2020-03-13T09:15');
    expect(new Date(fromIstInputValue('2020-03-13T10:20')).toISOString()).toBe('2020-03-13T04:50:00.000Z');
  });
});
