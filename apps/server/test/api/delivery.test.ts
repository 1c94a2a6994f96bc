import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { describeEachDb } from '../support/test-app.js';

// A stand-in build output: index.html, two prerendered pages, one hashed asset and its
// precompressed twins, as `npm run build` leaves them.
const webDist = mkdtempSync(path.join(tmpdir(), 'nivesh-web-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
mkdirSync(path.join(webDist, 'prerendered'));
writeFileSync(
  path.join(webDist, 'prerendered', 'index.html'),
  '<div id="root" data-prerendered="">landing</div>',
);
writeFileSync(
  path.join(webDist, 'prerendered', 'login.html'),
  '<div id="root" data-prerendered="">login</div>',
);
writeFileSync(path.join(webDist, 'assets', 'index-Ab12Cd34.js'), script);
writeFileSync(path.join(webDist, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(script));
writeFileSync(path.join(webDist, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(script));

describeEachDb(
  'delivery: compression and caching',
  (ctx) => {
    it('sends hashed assets precompressed and cacheable for a year', async () => {
      const br = await ctx().request({
        method: 'GET',
        url: '/assets/index-Ab12Cd34.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

      const gz = await ctx().request({
        method: 'GET',
        url: '/assets/index-Ab12Cd34.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

      const plain = await ctx().request({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    });

    it('revalidates index.html on every visit, including client-side routes', async () => {
      for (const url of ['/', '/dashboard']) {
        const res = await ctx().request({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toContain('id="root"');
      }
    });

    it('serves the prerendered public pages at their paths and the SPA everywhere else', async () => {
      const pages = { '/': 'landing', '/login': 'login', '/login?reason=session_expired': 'login' };
      for (const [url, text] of Object.entries(pages)) {
        const res = await ctx().request({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body, url).toContain(`data-prerendered="">${text}<`);
      }
      for (const url of ['/dashboard', '/reset-password', '/prerendered']) {
        const res = await ctx().request({ method: 'GET', url });
        expect(res.body, url).toBe('<!doctype html><div id="root"></div>');
      }
    });

    it('answers HEAD on / and on client-side routes like GET, without a body (uptime monitors use HEAD)', async () => {
      for (const url of ['/', '/dashboard', '/settings?tab=security']) {
        const get = await ctx().request({ method: 'GET', url });
        const head = await ctx().request({ method: 'HEAD', url });
        expect(head.statusCode, url).toBe(200);
        expect(head.headers['content-type']).toBe(get.headers['content-type']);
        expect(head.headers['cache-control']).toBe('no-cache');
        expect(head.body).toBe('');
      }
      const api = await ctx().request({ method: 'HEAD', url: '/api/no-such-route' });
      expect(api.statusCode).toBe(404);
    });

    it('compresses API answers above 1 KB and leaves small ones alone', async () => {
      const chart = await ctx().request({
        method: 'GET',
        url: '/api/live-charts/historical/TCS?period=1D',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(chart.statusCode).toBe(200);
      expect(chart.headers['content-encoding']).toBe('gzip');
      const body = JSON.parse(gunzipSync(chart.rawPayload).toString()) as { success: boolean };
      expect(body.success).toBe(true);
      expect(chart.rawPayload.length).toBeLessThan(gunzipSync(chart.rawPayload).length / 2);

      const health = await ctx().request({
        method: 'GET',
        url: '/api/health',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(health.statusCode).toBe(200);
      expect(health.headers['content-encoding']).toBeUndefined();
    });
  },
  { config: { webDist } },
);
