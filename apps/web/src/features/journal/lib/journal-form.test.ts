import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, parseTags, toRequest } from './journal-form';

describe('journal form', () => {
  it('splits tags on commas and drops empty ones', () => {
    expect(parseTags(' Breakout, swing ,, gap ')).toEqual(['Breakout', 'swing', 'gap']);
    expect(parseTags('')).toEqual([]);
  });

  it('builds a manual entry with the schema the server uses', () => {
    const result = toRequest(
      {
        ...EMPTY_FORM,
        ticker: 'tcs',
        quantity: '2',
        price: '3412.5',
        tags: 'Swing, swing',
        stop: '3300',
        confidence: 3,
      },
      null,
      false,
    );
    expect(result).toEqual({
      ok: true,
      body: {
        ticker: 'tcs',
        quantity: 2,
        price: 3412.5,
        type: 'BUY',
        setup: null,
        tags: ['swing'],
        stop: 3300,
        target: null,
        confidence: 3,
        note: '',
        review: '',
      },
    });
  });

  it('names each bad field with its message', () => {
    const result = toRequest({ ...EMPTY_FORM, quantity: '1.5', price: '10.005' }, null, false);
    expect(result).toEqual({
      ok: false,
      errors: {
        ticker: 'Ticker is required',
        quantity: 'Quantity must be a whole number greater than 0',
        price: 'Price must have at most 2 decimals',
      },
    });
  });

  it('sends only the link for an entry made from a fill', () => {
    const result = toRequest(
      { ...EMPTY_FORM, ticker: 'ITC', quantity: '3', price: '400', type: 'SELL', note: 'Exit' },
      { orderId: '6f1c1a56-7c8e-4d7a-9a57-6d0f9b0e8a11' },
      false,
    );
    expect(result.ok && result.body).toMatchObject({
      orderId: '6f1c1a56-7c8e-4d7a-9a57-6d0f9b0e8a11',
      note: 'Exit',
    });
    expect(result.ok && 'ticker' in result.body).toBe(false);
  });
});
