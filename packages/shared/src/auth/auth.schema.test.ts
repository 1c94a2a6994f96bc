import { describe, expect, it } from 'vitest';
import {
  loginRequestSchema,
  signupFormSchema,
  signupRequestSchema,
  twoFactorVerifyRequestSchema,
} from './auth.schema.js';

function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

describe('login rules', () => {
  it('requires email and password with their messages', () => {
    expect(fieldErrors(loginRequestSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });
  it('checks email shape and the 6-character password minimum', () => {
    expect(fieldErrors(loginRequestSchema.safeParse({ email: 'nope', password: '12345' }))).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
  });
  it('normalises email case', () => {
    expect(loginRequestSchema.parse({ email: ' A@B.IN ', password: '123456' }).email).toBe('a@b.in');
  });
});

describe('sign-up rules', () => {
  it('gives every field its message', () => {
    expect(
      fieldErrors(
        signupFormSchema.safeParse({
          fullName: '',
          email: '',
          password: '',
          confirmPassword: '',
          acceptTerms: false,
        }),
      ),
    ).toEqual({
      fullName: 'Full name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
      acceptTerms: 'You must accept the Terms of Service and Privacy Policy',
    });
  });
  it('checks name length, password length and the match', () => {
    expect(
      fieldErrors(
        signupFormSchema.safeParse({
          fullName: 'A',
          email: 'a@b.in',
          password: 'short',
          confirmPassword: 'other',
          acceptTerms: true,
        }),
      ),
    ).toEqual({
      fullName: 'Name must be at least 2 characters',
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Passwords do not match',
    });
    expect(
      fieldErrors(
        signupFormSchema.safeParse({
          fullName: 'Asha',
          email: 'a@b.in',
          password: 'longenough',
          confirmPassword: 'different1',
          acceptTerms: true,
        }),
      ),
    ).toEqual({ confirmPassword: 'Passwords do not match' });
  });
  it('accepts the wire request without a username', () => {
    expect(
      signupRequestSchema.safeParse({ email: 'a@b.in', password: 'longenough', fullName: 'Asha' }).success,
    ).toBe(true);
  });
});

describe('two-factor code', () => {
  it('needs exactly six digits', () => {
    expect(fieldErrors(twoFactorVerifyRequestSchema.safeParse({ code: '12345a' }))).toEqual({
      code: 'Please enter a valid 6-digit code',
    });
    expect(twoFactorVerifyRequestSchema.safeParse({ code: '123456' }).success).toBe(true);
  });
});
