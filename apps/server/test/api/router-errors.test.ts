import { expect, it } from 'vitest';
import { errorResponseSchema } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';

/**
 * The router refuses some URLs before any route runs (found by the fuzz suite): they must still
 * answer 4xx in the same error shape as every other refusal, not Fastify's own.
 */
describeEachDb('router refusals', (ctx) => {
  it('answers an undecodable URL with 400 in the error shape', async () => {
    const user = await signUp(ctx());
    for (const url of [
      '/api/orders/%ED%A0%80',
      '/api/stocks/quote/%F0%9F',
      '/api/notifications/%C0%80',
      '/api/orders/all/%uD800',
    ]) {
      const res = await ctx().request({ method: 'GET', url, token: user.token });
      expect(res.statusCode, url).toBe(400);
      expect(errorResponseSchema.parse(res.json())).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'The URL could not be decoded',
      });
    }
  });

  it('answers an over-long path parameter with 414 in the error shape', async () => {
    const user = await signUp(ctx());
    const res = await ctx().request({
      method: 'DELETE',
      url: `/api/alerts/${'a'.repeat(5000)}`,
      token: user.token,
    });
    expect(res.statusCode).toBe(414);
    expect(errorResponseSchema.parse(res.json())).toEqual({
      success: false,
      code: 'URI_TOO_LONG',
      message: 'A path parameter is too long',
    });
  });
});
