import { describe, expect, it } from 'vitest';
import { contactRequestSchema } from '../contact/contact.schema.js';
import { createNotificationRequestSchema } from '../notifications/notification.schema.js';
import { placeOrderRequestSchema } from '../trading/order.schema.js';
import { transactionQuerySchema } from '../trading/transactions.schema.js';
import { isSafeText, jsonDataProblem, safeString, UNSAFE_TEXT_MESSAGE } from './safe-string.js';

describe('safeString', () => {
  it('refuses NUL and lone surrogates but keeps emoji and Indian scripts', () => {
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(isSafeText('a\uD800b')).toBe(false);
    expect(isSafeText('\uDC00tail')).toBe(false);
    expect(isSafeText('end\uD83D')).toBe(false);
    expect(isSafeText('नमस्ते 😀 ₹')).toBe(true);
    const field = safeString().trim().min(2, 'too short');
    expect(field.safeParse('  ok ').data).toBe('ok');
    expect(field.safeParse('x\u0000y').error?.issues[0]?.message).toBe(UNSAFE_TEXT_MESSAGE);
    expect(field.safeParse('x').error?.issues[0]?.message).toBe('too short');
  });

  it('guards the public forms', () => {
    const bad = contactRequestSchema.safeParse({ name: 'A\uD800', email: 'a@b.co', message: 'hi\u0000' });
    expect(bad.success).toBe(false);
  });
});

describe('bounds', () => {
  it('refuses prices that would overflow paise', () => {
    const order = { symbol: 'TCS', type: 'BUY', orderType: 'LIMIT', quantity: 1 };
    expect(placeOrderRequestSchema.safeParse({ ...order, price: 1e17 }).success).toBe(false);
    expect(placeOrderRequestSchema.safeParse({ ...order, price: 1e308 }).success).toBe(false);
    expect(placeOrderRequestSchema.safeParse({ ...order, price: 3500 }).success).toBe(true);
  });

  it('refuses dates outside 2000..2100', () => {
    expect(transactionQuerySchema.safeParse({ from: '0000-01-01T00:00:00Z' }).success).toBe(false);
    expect(transactionQuerySchema.safeParse({ to: '2200-01-01T00:00:00Z' }).success).toBe(false);
    expect(transactionQuerySchema.safeParse({ from: '2024-01-01T00:00:00+05:30' }).success).toBe(true);
  });

  it('refuses notification data nested 20,000 deep without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 20_000; i++) deep = { d: deep };
    const parsed = createNotificationRequestSchema.safeParse({ title: 't', message: 'm', data: deep });
    expect(parsed.success).toBe(false);
    expect(jsonDataProblem({ a: [1, 'x', { b: null }] })).toBeNull();
    expect(jsonDataProblem({ 'k\u0000': 1 })).toBe(UNSAFE_TEXT_MESSAGE);
    expect(jsonDataProblem({ s: 'x'.repeat(5000) })).toMatch(/at most 4000/);
  });
});
