import { describe, expect, it } from 'vitest';
import { saytrixChatRequestSchema, saytrixReplySchema } from './saytrix.schema.js';

describe('saytrix chat request', () => {
  it('trims the message and accepts the optional fields', () => {
    const parsed = saytrixChatRequestSchema.parse({
      message: '  price of tcs  ',
      sessionId: 'abc_1',
      mode: 'expert',
      source: 'voice',
    });
    expect(parsed).toEqual({ message: 'price of tcs', sessionId: 'abc_1', mode: 'expert', source: 'voice' });
  });

  it.each([
    [{ message: '   ' }, 'Message cannot be empty'],
    [{ message: 'x'.repeat(501) }, 'Message must be at most 500 characters'],
    [{ message: 'a\u0000b' }, 'Message contains characters that are not allowed'],
    [{ message: 'a\uD800b' }, 'Message contains characters that are not allowed'],
    [{ message: 'hi', mode: 'pro' }, undefined],
    [{ message: 'hi', sessionId: 'a b' }, 'Session id may contain only letters, digits, _ and -'],
  ])('refuses %j', (body, message) => {
    const result = saytrixChatRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    if (message) expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('keeps a valid surrogate pair (emoji)', () => {
    expect(saytrixChatRequestSchema.parse({ message: 'hi 👋' }).message).toBe('hi 👋');
  });

  it('caps suggestions at four', () => {
    const base = { response: 'x', intent: 'help', confidence: 'high' };
    expect(saytrixReplySchema.safeParse({ ...base, suggestions: ['a', 'b', 'c', 'd', 'e'] }).success).toBe(
      false,
    );
    expect(saytrixReplySchema.safeParse({ ...base, suggestions: ['a'] }).success).toBe(true);
  });
});
