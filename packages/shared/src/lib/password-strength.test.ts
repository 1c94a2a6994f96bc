import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength.js';

describe('passwordStrength', () => {
  it.each([
    ['', 0, 'Weak'],
    ['abc', 1, 'Weak'],
    ['abcdefgh', 2, 'Medium'],
    ['Abcdefgh', 3, 'Medium'],
    ['Abcdefg1', 4, 'Strong'],
    ['Abcdef1!', 5, 'Strong'],
    ['ABC1', 2, 'Medium'],
  ])('%j scores %i (%s)', (pw, score, level) => {
    const s = passwordStrength(pw);
    expect(s.score).toBe(score);
    expect(s.level).toBe(level);
  });

  it('names each criterion', () => {
    expect(passwordStrength('a!').criteria).toEqual({
      length: false,
      uppercase: false,
      lowercase: true,
      digit: false,
      special: true,
    });
  });
});
