import { describe, expect, it } from 'vitest';
import { checkAnswer } from './check.js';
import { Slots } from './slots.js';
import { capAnswer } from './limits.js';

/** The server's quote answer as the model sees it: s1 price, s2 change, s3 percent, s4..s7 prices, s8 count. */
const QUOTE =
  '**ITC Ltd (ITC)** is at **₹412.35**, up ₹1.40 (+0.34%) today.\n\nDay range ₹408.10 – ₹414.00; previous close ₹410.95; volume 1,23,456.';
const HOLDING = 'You hold 1 share of ITC worth ₹412.35; P&L +₹12.00 (+3.00%).';

function slotted(...texts: string[]): Slots {
  const slots = new Slots();
  for (const t of texts) slots.slot(t);
  return slots;
}

const failReason = (text: string, slots: Slots) => {
  const r = checkAnswer(text, slots);
  return r.ok ? undefined : r.reason;
};

describe('typed slots', () => {
  it('types each figure of a quote and a holding by its role in the sentence', () => {
    const slots = slotted(QUOTE, HOLDING);
    expect(slots.legend()).toBe(
      's1=price, s2=change, s3=percent, s4=price, s5=price, s6=price, s7=count, s8=quantity, s9=money, s10=change, s11=percent',
    );
  });

  it('types index levels as points, times as time, dates as date', () => {
    const slots = slotted('**NIFTY 50** 24,512.30 (+120.50, +0.49%) as of 14:32 IST on 23 Nov 2026');
    expect(slots.legend()).toBe('s1=count, s2=points, s3=change, s4=percent, s5=time, s6=date, s7=date');
  });
});

describe('the answer check', () => {
  it('passes a faithful rephrasing and fills the slots', () => {
    const slots = slotted(QUOTE);
    expect(checkAnswer('ITC trades at {{s1}}, up {{s2}} ({{s3}}) today.', slots)).toEqual({
      ok: true,
      text: 'ITC trades at ₹412.35, up ₹1.40 (+0.34%) today.',
    });
    // A rupee sign the model adds to a money slot is dropped, not doubled.
    expect(checkAnswer('ITC is at ₹{{s1}}.', slots)).toEqual({ ok: true, text: 'ITC is at ₹412.35.' });
    expect(checkAnswer('ITC moved {{s3}}% today.', slots)).toEqual({
      ok: true,
      text: 'ITC moved +0.34% today.',
    });
  });

  it('refuses the day’s change stated as the price ("trades at ₹1.40")', () => {
    const slots = slotted(QUOTE);
    expect(failReason('ITC trades at {{s2}} today.', slots)).toMatch(/change slot in a price role/);
    expect(failReason('The price of ITC is {{s2}}.', slots)).toMatch(/change slot/);
    expect(failReason('ITC is up {{s1}} today.', slots)).toMatch(/price slot in a change role/);
  });

  it('refuses a quantity of 1 turned into a price', () => {
    const slots = slotted(HOLDING);
    expect(failReason('ITC trades at ₹{{s1}}.', slots)).toMatch(/currency on a quantity slot/);
    expect(failReason('ITC trades at {{s1}}.', slots)).toMatch(/quantity slot in a price role/);
    expect(failReason('ITC costs {{s1}} rupees.', slots)).toMatch(/quantity slot/);
    expect(failReason('ITC is up {{s1}} percent.', slots)).toMatch(/quantity slot/);
    expect(failReason('You hold {{s2}} shares.', slots)).toMatch(/money slot in a quantity role/);
  });

  it('refuses execution claims in English and Hindi', () => {
    const slots = slotted(HOLDING);
    for (const claim of [
      'I have bought {{s1}} ITC for you.',
      'Done! Your order for ITC is placed.',
      'I sold your ITC.',
      'Order executed.',
      'Maine ITC kharid liya.',
      'Maine aapka order kar diya.',
      'ITC le liya.',
      'ITC bech diya gaya.',
      'मैंने ITC खरीद लिया।',
      'ITC बेच दिया।',
    ])
      expect(failReason(claim, slots), claim).toBe('execution claim');
  });

  it('refuses every link, image, autolink and HTML, with or without slots', () => {
    const slots = slotted(HOLDING);
    for (const text of [
      '![a](https://x.example/?v={{s1}}&c={{s2}})',
      'See [your holding](https://x.example/{{s2}}).',
      'Open <https://x.example/?v={{s2}}>.',
      '<img src="https://x.example/{{s2}}">',
      'Visit https://x.example now.',
      'Visit www.x.example now.',
      'Mail {{s2}}@x.example.',
      '[a]: https://x.example',
      '[click][1]',
      'javascript:alert(document.cookie)',
    ])
      expect(failReason(text, slots), text).toBe('link or image');
  });

  it('refuses an unknown slot', () => {
    expect(failReason('ITC is at {{s9}}.', slotted(QUOTE))).toBe('unknown slot s9');
  });

  it('refuses a numeral of every family that is not a slot', () => {
    const slots = slotted(QUOTE);
    for (const [text, numeral] of [
      ['ITC is at ₹412.', '4'],
      ['ITC is at ₹४१२.', '४'],
      ['ITC is at ₹４１２.', '４'],
      ['ITC is at ₹٤١٢.', '٤'],
      ['ITC is at ₹۴۱۲.', '۴'],
      ['ITC is at ৪১২ (Bengali).', '৪'],
      ['Buy XII shares.', 'XII'],
      ['Up Ⅻ times.', 'Ⅻ'],
      ['Up x² today.', '²'],
      ['H₃ ITC.', '₃'],
      ['Buy ½ of it.', '½'],
      ['ITC is at four hundred rupees.', 'four'],
      ['You hold twenty-one shares.', 'twenty'],
      ['That is a hundred more.', 'hundred'],
      ['Worth five lakh.', 'five'],
      ['Worth a crore.', 'crore'],
      ['Aapke paas ek share hai.', 'ek'],
      ['Do shares le lo.', 'Do shares'],
      ['Teen stocks.', 'Teen'],
      ['Das rupaye.', 'Das'],
      ['Sau rupaye.', 'Sau'],
      ['Hazaar rupaye.', 'Hazaar'],
      ['आपके पास एक शेयर है।', 'एक'],
      ['दो शेयर।', 'दो'],
    ] as Array<[string, string]>)
      expect(failReason(text, slots), text).toBe(`numeral not from a slot: ${numeral}`);
  });

  it('lets English words and the server’s own names through', () => {
    const slots = slotted('MCX is at ₹5,000.00.');
    expect(checkAnswer('Do you want MCX? It is at {{s1}}.', slots)).toEqual({
      ok: true,
      text: 'Do you want MCX? It is at ₹5,000.00.',
    });
    expect(failReason('I think ITC is fine.', slots)).toBeUndefined();
  });
});

describe('capAnswer', () => {
  it('cuts a long answer at a sentence end within the cap', () => {
    const long = 'This sentence is thirty chars. '.repeat(100_000);
    const capped = capAnswer(long);
    expect(long.length).toBeGreaterThan(2_000_000);
    expect(capped.length).toBeLessThanOrEqual(4_000);
    expect(capped.endsWith('chars.…')).toBe(true);
    expect(capAnswer('Short answer.')).toBe('Short answer.');
  });
});
