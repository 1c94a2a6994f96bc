import { describe, expect, it } from 'vitest';
import { createAlertRequestSchema } from '@nivesh/shared';
import { emptyForm, expiryInstant, formOf, toRequest } from './alert-form';

describe('alert form', () => {
  it('turns the form into a body the shared schema accepts, leaving defaults to the server', () => {
    const body = toRequest('ITC', { ...emptyForm(412.35), note: '  sell half  ' });
    expect(body).toEqual({
      symbol: 'ITC',
      watch: 'price',
      condition: 'above',
      value: 412.35,
      frequency: 'once',
      note: 'sell half',
    });
    expect(createAlertRequestSchema.safeParse(body).success).toBe(true);
  });

  it('sends the cooldown only for "every", and the expiry as the end of that IST day', () => {
    const body = toRequest('ITC', {
      ...emptyForm(10),
      frequency: 'every',
      cooldownSeconds: '30',
      expiresOn: '2026-12-31',
    });
    expect(body).toMatchObject({ cooldownSeconds: 30, expiresAt: '2026-12-31T18:29:59.000Z' });
    expect(expiryInstant('2027-01-01')).toBe('2027-01-01T18:29:59.000Z');
  });

  it('shows a stored expiry as its IST calendar day', () => {
    const alert = {
      watch: 'price',
      condition: 'above',
      value: 1,
      frequency: 'once',
      cooldownSeconds: 60,
      note: null,
    } as const;
    expect(formOf({ ...alert, expiresAt: '2027-11-23T23:08:00.000Z' } as never).expiresOn).toBe('2027-11-24');
  });

  it('an empty value fails validation instead of becoming 0', () => {
    const parsed = createAlertRequestSchema.safeParse(toRequest('ITC', emptyForm()));
    expect(parsed.success).toBe(false);
  });
});
