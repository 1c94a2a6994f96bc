import { describe, expect, it } from 'vitest';
import { scheduleFor } from '@nivesh/shared';
import {
  emptyDraft,
  draftErrors,
  estimateOrder,
  parsePrice,
  parseQuantity,
  toPlaceRequest,
  type OrderDraft,
} from './order-form';

const draft = (over: Partial<OrderDraft>): OrderDraft => ({ ...emptyDraft(), ...over });

describe('order form parsing', () => {
  it('reads whole quantities only', () => {
    expect(parseQuantity('3')).toBe(3);
    for (const bad of ['', '0', '-1', '1.5', 'abc', '2e3']) expect(parseQuantity(bad)).toBeNull();
  });

  it('reads prices with up to 2 decimals', () => {
    expect(parsePrice('1414.5')).toBe(1414.5);
    for (const bad of ['', '0', '-3', '1.234', 'x']) expect(parsePrice(bad)).toBeNull();
  });
});

const DELIVERY = scheduleFor('CNC', 'NSE', '2026-11-21');
const INTRADAY = scheduleFor('MIS', 'NSE', '2026-11-21');

describe('estimateOrder', () => {
  it('uses the market price for a market order and adds the product schedule on a buy', () => {
    // ₹2,829 delivery: brokerage ₹2.83, exchange ₹0.09, STT ₹2.83, GST ₹0.53, SEBI ₹0.00, stamp ₹0.42.
    expect(estimateOrder(draft({ quantity: '2' }), 1414.5, DELIVERY)).toMatchObject({
      price: 1414.5,
      quantity: 2,
      tradeValue: 2829,
      fees: 6.7,
      total: 2835.7,
    });
    // Intraday: no STT on a buy, stamp ₹0.08.
    expect(estimateOrder(draft({ quantity: '2', product: 'MIS' }), 1414.5, INTRADAY)).toMatchObject({
      fees: 3.53,
      breakdown: { stt: 0, stampDuty: 0.08, dpCharge: 0 },
    });
  });

  it('costs a delivery sell with the DP charge, as the first sell of the scrip in a day pays it', () => {
    const sell = estimateOrder(draft({ side: 'SELL', quantity: '1' }), 1000, DELIVERY)!;
    expect(sell.breakdown.dpCharge).toBe(15.34);
    expect(estimateOrder(draft({ side: 'SELL', quantity: '1' }), 1000, INTRADAY)!.breakdown.dpCharge).toBe(0);
  });

  it('uses the limit or trigger price, and nets fees off a sell', () => {
    expect(estimateOrder(draft({ orderType: 'LIMIT', price: '1400', quantity: '1' }), 1414.5)?.price).toBe(
      1400,
    );
    expect(
      estimateOrder(draft({ orderType: 'STOP', triggerPrice: '1450', quantity: '1' }), 1414.5)?.price,
    ).toBe(1450);
    const sell = estimateOrder(draft({ side: 'SELL', quantity: '1' }), 1000)!;
    expect(sell.total).toBeCloseTo(sell.tradeValue - sell.fees, 2);
    expect(estimateOrder(draft({ orderType: 'LIMIT', price: '' }), 1414.5)).toBeNull();
  });
});

describe('draftErrors', () => {
  it('names each bad field with its message', () => {
    expect(draftErrors(draft({ quantity: '0', orderType: 'LIMIT' }), 100, 10_000, 0)).toEqual({
      quantity: 'Quantity must be a whole number greater than 0',
      price: 'Please enter a valid limit price',
    });
    expect(draftErrors(draft({ orderType: 'STOP' }), 100, 10_000, 0)).toEqual({
      triggerPrice: 'Please enter a valid trigger price',
    });
  });

  it('checks funds on a buy (fees included) and shares on a sell', () => {
    expect(draftErrors(draft({ quantity: '10' }), 1000, 10_000, 0).balance).toBe(
      'Insufficient funds. Available: ₹10,000.00',
    );
    expect(draftErrors(draft({ quantity: '9' }), 1000, 10_000, 0)).toEqual({});
    expect(draftErrors(draft({ side: 'SELL', quantity: '3' }), 1000, 0, 2).balance).toBe(
      'Insufficient shares. Available: 2',
    );
  });
});

describe('toPlaceRequest', () => {
  it('sends the limit as price and the stop as triggerPrice, with DAY validity and the product', () => {
    expect(
      toPlaceRequest(
        'RELIANCE',
        draft({ orderType: 'LIMIT', price: '1400.05', quantity: '2', product: 'MIS' }),
      ),
    ).toEqual({
      symbol: 'RELIANCE',
      type: 'BUY',
      orderType: 'LIMIT',
      quantity: 2,
      price: 1400.05,
      validity: 'DAY',
      product: 'MIS',
    });
    expect(toPlaceRequest('RELIANCE', draft({}))).toMatchObject({ product: 'CNC' });
    expect(
      toPlaceRequest('TCS', draft({ side: 'SELL', orderType: 'STOP', triggerPrice: '3000' })),
    ).toMatchObject({ triggerPrice: 3000 });
    expect(toPlaceRequest('TCS', draft({ price: '99' }))).not.toHaveProperty('price');
  });
});
