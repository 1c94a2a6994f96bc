import { describe, expect, it } from 'vitest';
import { confidenceBand, hasWakeWord, speakableText } from './speech';

describe('speech helpers', () => {
  it('bands confidence at 0.8 and 0.6', () => {
    expect(confidenceBand(0.95)).toBe('high');
    expect(confidenceBand(0.8)).toBe('medium');
    expect(confidenceBand(0.61)).toBe('medium');
    expect(confidenceBand(0.6)).toBe('low');
  });

  it('strips markdown and the rupee sign and keeps 200 characters', () => {
    expect(
      speakableText('You have **₹9,880.50** available to trade.\n\n_As of 11:30 IST, simulated market._'),
    ).toBe('You have 9,880.50 available to trade. As of 11:30 IST, simulated market.');
    const long = `${'Word '.repeat(60)}end.`;
    expect(speakableText(long).length).toBeLessThanOrEqual(200);
  });

  it('hears the wake word and its mis-hearings, not ordinary speech', () => {
    for (const t of [
      'Saytrix',
      'hey saytrix',
      'citrix',
      'say tricks what is my balance',
      'se tric',
      'sei trix',
      'saytrics',
    ])
      expect(hasWakeWord(t), t).toBe(true);
    for (const t of ['what is the price of reliance', 'tricky question', 'say it again', 'metrics'])
      expect(hasWakeWord(t), t).toBe(false);
  });
});
