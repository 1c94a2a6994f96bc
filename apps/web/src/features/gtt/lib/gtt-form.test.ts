import { describe, expect, it } from 'vitest';
import type { Gtt } from '@nivesh/shared';
import {
  emptyGttForm,
  gttFormErrors,
  gttFormOf,
  gttRequestOf,
  legDirectionText,
  withTrigger,
} from './gtt-form';

describe('GTT form', () => {
  it('sends one leg for single and both, as a SELL, for OCO', () => {
    const form = { ...emptyGttForm(), quantity: '3' };
    form.legs = [
      { trigger: '400', limit: '399' },
      { trigger: '480', limit: '480' },
    ];
    expect(gttRequestOf('ITC', form)).toEqual({
      symbol: 'ITC',
      kind: 'single',
      side: 'BUY',
      product: 'CNC',
      quantity: 3,
      legs: [{ triggerPrice: 400, limitPrice: 399 }],
    });
    expect(gttRequestOf('ITC', { ...form, kind: 'oco', side: 'BUY' })).toMatchObject({
      side: 'SELL',
      legs: [
        { triggerPrice: 400, limitPrice: 399 },
        { triggerPrice: 480, limitPrice: 480 },
      ],
    });
  });

  it('shows the messages the server would give, including those against the last price', () => {
    const form = emptyGttForm();
    form.legs[0] = { trigger: '', limit: '' };
    expect(gttFormErrors(gttRequestOf('ITC', form), 410)['legs.0.triggerPrice']).toBe(
      'Please enter a valid trigger price',
    );
    form.legs[0] = { trigger: '410', limit: '410' };
    expect(gttFormErrors(gttRequestOf('ITC', form), 410)['legs.0.triggerPrice']).toMatch(
      /equals the last price/,
    );
    const oco = { ...form, kind: 'oco' as const };
    oco.legs = [
      { trigger: '400', limit: '400' },
      { trigger: '405', limit: '405' },
    ];
    expect(gttFormErrors(gttRequestOf('ITC', oco), 410).legs).toMatch(/stop-loss trigger below/);
    oco.legs[1] = { trigger: '450', limit: '450' };
    expect(gttFormErrors(gttRequestOf('ITC', oco), 410)).toEqual({});
  });

  it('says which way each leg fires from the last price', () => {
    expect(legDirectionText('400', 410)).toBe('Fires when the price falls to ₹400.00');
    expect(legDirectionText('450', 410)).toBe('Fires when the price rises to ₹450.00');
    expect(legDirectionText('', 410)).toBeNull();
  });

  it('carries the limit with the trigger until the limit is edited', () => {
    expect(withTrigger({ trigger: '', limit: '' }, '400')).toEqual({ trigger: '400', limit: '400' });
    expect(withTrigger({ trigger: '400', limit: '400' }, '401')).toEqual({ trigger: '401', limit: '401' });
    expect(withTrigger({ trigger: '400', limit: '398' }, '401')).toEqual({ trigger: '401', limit: '398' });
  });

  it('lays out an OCO to modify with its stop-loss first, whatever order it was set in', () => {
    const gtt = {
      kind: 'oco',
      side: 'SELL',
      product: 'CNC',
      quantity: 4,
      legs: [
        { triggerPrice: 480, limitPrice: 479, direction: 'up' },
        { triggerPrice: 400, limitPrice: 399, direction: 'down' },
      ],
    } as Gtt;
    expect(gttFormOf(gtt).legs).toEqual([
      { trigger: '400', limit: '399' },
      { trigger: '480', limit: '479' },
    ]);
  });
});
