import { describe, expect, it } from 'vitest';
import { deriveUsername, initials, splitFullName } from './username.js';

describe('deriveUsername', () => {
  it('strips non-alphanumerics from the local part and appends the last 4 digits of the time', () => {
    expect(deriveUsername('Priya.Sharma+test@example.com', 1_732_000_004_321)).toBe('priyasharmatest4321');
  });
  it('pads a short time and falls back when the local part has no letters', () => {
    expect(deriveUsername('...@x.in', 7)).toBe('user0007');
  });
});

describe('splitFullName and initials', () => {
  it('splits first and rest', () => {
    expect(splitFullName('  Asha  Rani Verma ')).toEqual({ firstName: 'Asha', lastName: 'Rani Verma' });
    expect(splitFullName('Asha')).toEqual({ firstName: 'Asha', lastName: '' });
  });
  it('takes the first and last initial', () => {
    expect(initials('asha rani verma')).toBe('AV');
    expect(initials('Asha')).toBe('A');
    expect(initials('')).toBe('?');
  });
});
