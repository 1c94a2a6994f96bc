import { expect, type APIRequestContext } from '@playwright/test';
import { STRONG_PASSWORD, uniqueEmail } from '../pages/auth-pages.js';

/** A new account made through the API (for set-up a test does not walk through the UI). */
export async function signUpByApi(request: APIRequestContext, fullName: string, emailTag: string) {
  const res = await request.post('/api/auth/signup', {
    data: { fullName, email: uniqueEmail(emailTag), password: STRONG_PASSWORD },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { token: string; user: { id: string } & Record<string, unknown> };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
