import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { rupeesToPaise, scheduleFor } from '@nivesh/shared';
import { estimateTrade } from './order-estimate';
import { useOrderEstimate } from './use-order-estimate';

const DELIVERY = scheduleFor('CNC', 'NSE', '2026-11-21');
const INTRADAY = scheduleFor('MIS', 'NSE', '2026-11-21');

/** A market buy of `quantity` at `price` with ₹10,000 of cash. */
const marketBuy = (price: number, quantity: number, schedule = INTRADAY) =>
  renderHook(() =>
    useOrderEstimate({
      side: 'BUY',
      orderType: 'MARKET',
      quantity,
      price: null,
      instrument: { currency: 'INR', symbol: 'TCS' },
      marketPrice: price,
      funds: { availableCashPaise: rupeesToPaise(10_000), availableQuantity: 0 },
      schedule,
    }),
  ).result.current!;

describe('estimateTrade', () => {
  it('adds the itemised buy fees of the chosen product to the trade value', () => {
    // 2 × ₹1,500 delivery: brokerage ₹3, exchange ₹0.09, STT ₹3, GST ₹0.56, SEBI ₹0, stamp ₹0.45.
    expect(estimateTrade('BUY', 1500, 2, DELIVERY)).toMatchObject({
      tradeValue: 3000,
      fees: 7.1,
      total: 3007.1,
    });
    // Intraday: no STT on the buy, stamp ₹0.09.
    expect(estimateTrade('BUY', 1500, 2, INTRADAY)!.fees).toBe(3.74);
  });
  it('is nothing until both the quantity and the price are known', () => {
    expect(estimateTrade('BUY', null, 2, DELIVERY)).toBeNull();
    expect(estimateTrade('BUY', 1500, null, DELIVERY)).toBeNull();
  });
});

describe('useOrderEstimate', () => {
  it('is insufficient when value plus fees passes the cash', () => {
    expect(marketBuy(5000, 2).insufficient).toBe(true);
    expect(marketBuy(4990, 2).insufficient).toBe(false);
    expect(marketBuy(4990, 2, DELIVERY).insufficient).toBe(true);
  });
  it("shows the server's figures once it has answered this order", () => {
    const local = marketBuy(1500, 2, DELIVERY);
    expect(local.total).toBe(3007.1);
    const served = renderHook(() =>
      useOrderEstimate({
        side: 'BUY',
        orderType: 'MARKET',
        quantity: 2,
        price: null,
        instrument: { currency: 'INR' },
        marketPrice: 1500,
        schedule: DELIVERY,
        served: { fees: { ...local.fees!, total: 7 }, total: 3007 },
      }),
    ).result.current!;
    expect(served.fees?.total).toBe(7);
    expect(served.total).toBe(3007);
    expect(served.estimate?.total).toBe(3007.1);
  });
});
