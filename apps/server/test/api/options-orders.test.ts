import { expect, it } from 'vitest';
import { foCharges, rupeesToPaise, type Order } from '@nivesh/shared';
import { place } from '../support/orders.js';
import { account, atmRow, expectIntegrity, foPosition, order, setCash, trader } from '../support/options.js';
import { describeEachDb } from '../support/test-app.js';

const ist = (local: string) => Date.parse(`${local}+05:30`);
// Thursday 26 November 2026, 10:30 IST: the nearest NIFTY weekly is Tuesday 1 December.
const clock = { now: ist('2026-11-26T10:30:00') };
const TODAY = '2026-11-26';

describeEachDb(
  'options orders',
  (ctx) => {
    it('buys one NIFTY lot at the ask (premium + charges debited) and sells it back at the bid', async () => {
      const user = await trader(ctx());
      const atm = await atmRow(ctx(), user);
      const before = await account(ctx(), user);
      const buy = await place(ctx(), user, order(atm.call.tradingsymbol, 'BUY', 65));
      expect(buy.statusCode, buy.body).toBe(201);
      const bought = buy.json().data.order as Order;
      expect(bought.status).toBe('FILLED');
      expect(bought.executionPrice).toBe(atm.call.ask);
      const buyValue = rupeesToPaise(atm.call.ask) * 65n;
      const buyFees = foCharges({ kind: 'option', side: 'BUY', valuePaise: buyValue, isoDay: TODAY });
      const afterBuy = await account(ctx(), user);
      expect(afterBuy.balance).toBe(before.balance - buyValue - buyFees.total);
      expect(afterBuy.margin).toBe(0n);
      expect(await foPosition(ctx(), user, atm.call.tradingsymbol)).toMatchObject({ quantity: 65 });

      const sell = await place(ctx(), user, order(atm.call.tradingsymbol, 'SELL', 65));
      expect(sell.statusCode, sell.body).toBe(201);
      const sold = sell.json().data.order as Order;
      expect(sold.executionPrice).toBe(atm.call.bid);
      const sellValue = rupeesToPaise(atm.call.bid) * 65n;
      const sellFees = foCharges({ kind: 'option', side: 'SELL', valuePaise: sellValue, isoDay: TODAY });
      // STT 0.15% of the premium on the sell (from 2026-04-01), half-up to the paisa.
      expect(sellFees.stt).toBe((sellValue * 15n + 5_000n) / 10_000n);
      expect(sold.feeBreakdown?.stt).toBe(Number(sellFees.stt) / 100);
      const afterSell = await account(ctx(), user);
      expect(afterSell.balance).toBe(afterBuy.balance + sellValue - sellFees.total);
      const position = await foPosition(ctx(), user, atm.call.tradingsymbol);
      expect(position).toEqual({ quantity: 0, average: '0', realised: (sellValue - buyValue).toString() });
      expect(sold.realizedPnL).toBe(Number(sellValue - buyValue) / 100);
      // The same Orders list shows both.
      const list = await ctx().request({ method: 'GET', url: '/api/orders/history', token: user.token });
      const symbols = (list.json().data as Order[]).map((o) => o.symbol);
      expect(symbols.filter((s) => s === atm.call.tradingsymbol)).toHaveLength(2);
      await expectIntegrity(ctx());
    });

    it('a short option blocks margin that the available cash no longer shows', async () => {
      const user = await trader(ctx());
      const atm = await atmRow(ctx(), user);
      const margin = await ctx().request({
        method: 'POST',
        url: '/api/options/margin',
        token: user.token,
        payload: { legs: [{ tradingsymbol: atm.put.tradingsymbol, side: 'SELL', quantity: 65 }] },
      });
      const expected = margin.json().data as { span: number; exposure: number };
      const res = await place(ctx(), user, order(atm.put.tradingsymbol, 'SELL', 65));
      expect(res.statusCode, res.body).toBe(201);
      const after = await account(ctx(), user);
      expect(after.margin).toBe(rupeesToPaise(expected.span + expected.exposure));
      expect(after.reserved).toBe(after.margin);
      expect(await foPosition(ctx(), user, atm.put.tradingsymbol)).toMatchObject({ quantity: -65 });
      const summary = await ctx().request({
        method: 'GET',
        url: '/api/portfolio/summary',
        token: user.token,
      });
      expect(summary.statusCode, summary.body).toBe(200);
      expect(summary.json().data.availableCash).toBe(Number(after.balance - after.reserved) / 100);
      const positions = await ctx().request({
        method: 'GET',
        url: '/api/options/positions',
        token: user.token,
      });
      const data = positions.json().data as {
        marginBlocked: number;
        positions: { quantity: number; atExpiry: string }[];
      };
      expect(data.marginBlocked).toBe(Number(after.margin) / 100);
      expect(data.positions[0]!.quantity).toBe(-65);
      // Buying it back releases the margin.
      const back = await place(ctx(), user, order(atm.put.tradingsymbol, 'BUY', 65));
      expect(back.statusCode, back.body).toBe(201);
      expect((await account(ctx(), user)).reserved).toBe(0n);
      await expectIntegrity(ctx());
    });

    it('refuses a short the margin cannot cover, with the rupee figures and a lot count that fits', async () => {
      const user = await trader(ctx());
      const res = await place(ctx(), user, order('NIFTY26DECFUT', 'SELL', 65 * 40));
      expect(res.statusCode, res.body).toBe(422);
      const body = res.json();
      expect(body.code).toBe('INSUFFICIENT_MARGIN');
      expect(body.message).toMatch(
        /^Not enough margin: this order needs ₹[\d,]+\.\d\d .* and ₹[\d,]+\.\d\d is available; about \d+ lots? would fit$/,
      );
      expect(body.suggestion.quantity % 65).toBe(0);
      expect(await account(ctx(), user)).toMatchObject({ reserved: 0n, margin: 0n });
    });

    it('refuses quantities off the lot, NRML on a stock, CNC on a derivative; a retry returns the same order', async () => {
      const user = await trader(ctx());
      const atm = await atmRow(ctx(), user);
      const off = await place(ctx(), user, order(atm.call.tradingsymbol, 'BUY', 100));
      expect(off.statusCode).toBe(400);
      expect(off.json().message).toMatch(/lots of 65: 100 is not a whole number of lots; try 65 or 130/);
      expect(off.json().suggestion).toEqual({ quantity: 130 });
      const stock = await place(ctx(), user, order('RELIANCE', 'BUY', 1));
      expect(stock.statusCode).toBe(400);
      expect(stock.json().message).toMatch(/NRML is for derivatives/);
      // NRML on a stock is a 400 on every stock path, never a 500 (the preview's fee lookup had no NRML row).
      for (const [url, payload] of [
        ['/api/orders/preview', { symbol: 'ITC', type: 'BUY', quantity: 1, product: 'NRML' }],
        ['/api/virtual-money/buy', { stockSymbol: 'ITC', quantity: 1, price: 300, product: 'NRML' }],
      ] as const) {
        const res = await ctx().request({ method: 'POST', url, token: user.token, payload });
        expect(res.statusCode, `${url} ${res.body}`).toBe(400);
        expect(res.json().message).toMatch(/NRML is for derivatives/);
      }
      // Shaped like a contract but not listed (2 December is a Wednesday; BANKNIFTY has no weeklies).
      for (const symbol of ['NIFTY26D0224000CE', 'NIFTY26D0124010CE', 'BANKNIFTY26D0152000CE']) {
        const unlisted = await place(ctx(), user, order(symbol, 'BUY', 65));
        expect(unlisted.statusCode, symbol).toBe(400);
        expect(unlisted.json().message).toMatch(/is not a listed contract/);
      }
      const cnc = await place(ctx(), user, order(atm.call.tradingsymbol, 'BUY', 65, { product: 'CNC' }));
      expect(cnc.statusCode).toBe(400);
      expect(cnc.json().message).toMatch(/CNC \(delivery\) is for stocks/);
      const stop = await place(
        ctx(),
        user,
        order(atm.call.tradingsymbol, 'BUY', 65, { orderType: 'STOP', triggerPrice: atm.call.ask + 5 }),
      );
      expect(stop.statusCode).toBe(400);
      expect(stop.json().message).toMatch(/Stop orders are not available for F&O/);
      const once = order(atm.call.tradingsymbol, 'BUY', 65);
      const first = await place(ctx(), user, once);
      expect(first.statusCode, first.body).toBe(201);
      const cash = await account(ctx(), user);
      const retry = await place(ctx(), user, once);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().data.order.id).toBe(first.json().data.order.id);
      expect(await account(ctx(), user)).toEqual(cash);
    });

    it('two concurrent shorts that each fit but not both: one is refused, cash never below zero', async () => {
      const user = await trader(ctx());
      const margin = await ctx().request({
        method: 'POST',
        url: '/api/options/margin',
        token: user.token,
        payload: { legs: [{ tradingsymbol: 'NIFTY26DECFUT', side: 'SELL', quantity: 65 }] },
      });
      const one = rupeesToPaise((margin.json().data as { total: number }).total);
      await setCash(ctx(), user, (one * 3n) / 2n);
      const results = await Promise.all([
        place(ctx(), user, order('NIFTY26DECFUT', 'SELL', 65)),
        place(ctx(), user, order('NIFTY26DECFUT', 'SELL', 65)),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
      const after = await account(ctx(), user);
      expect(after.balance).toBeGreaterThanOrEqual(after.reserved);
      expect(await foPosition(ctx(), user, 'NIFTY26DECFUT')).toMatchObject({ quantity: -65 });
      await expectIntegrity(ctx());
    });
  },
  { now: () => clock.now },
);
