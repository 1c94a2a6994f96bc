import { describe, expect, it } from 'vitest';
import { inAppPath } from './in-app-link.js';

describe('inAppPath', () => {
  it('keeps a path inside the app', () => {
    expect(inAppPath('/orders')).toBe('/orders');
    expect(inAppPath('/settings?tab=security#2fa')).toBe('/settings?tab=security#2fa');
  });

  it('refuses what a browser resolves to another site', () => {
    for (const link of [
      '/\\evil.example/x',
      '/\\/evil.example',
      '//evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'orders',
    ]) {
      expect(inAppPath(link), JSON.stringify(link)).toBeNull();
    }
  });
});
