import { expect, it } from 'vitest';
import { describeEachDb, signUp } from '../support/test-app.js';
import { NEWS_IMAGE_HOSTS } from '../../src/plugins/security.js';

describeEachDb('the CSP img-src: the app, data: and the news image hosts only', (ctx) => {
  it('no longer lets an image load from any https host, on the API and on a Saytrix reply', async () => {
    const { token } = await signUp(ctx());
    for (const res of [
      await ctx().request({ method: 'GET', url: '/api/health' }),
      await ctx().request({
        method: 'POST',
        url: '/api/saytrix/chat',
        token,
        payload: { message: 'latest news' },
      }),
    ]) {
      const csp = String(res.headers['content-security-policy']);
      const imgSrc = /(?:^|;)\s*img-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/);
      expect(imgSrc).toEqual(["'self'", 'data:', ...NEWS_IMAGE_HOSTS]);
      expect(imgSrc).not.toContain('https:');
      expect(imgSrc).not.toContain('*');
      // Each allowed host is one exact https origin, never a wildcard or a scheme.
      for (const host of NEWS_IMAGE_HOSTS) expect(host).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]+$/);
    }
  });
});
