import { expect, it } from 'vitest';
import { AGENT_TOOL_NAMES, type AgentAuditEntry } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import { AGENT_ON, call, createAgentToken, mcpClient } from '../support/agent.js';

/** An MCP client session at /mcp (issue 27): tools, prices, orders, GTTs, scopes, audit. */
describeEachDb(
  'agent MCP session',
  (ctx) => {
    it('lists every tool with its argument schema and reads prices in Kite field names', async () => {
      const user = await signUp(ctx());
      const { secret } = await createAgentToken(ctx(), user);
      const client = await mcpClient(ctx(), secret);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([...AGENT_TOOL_NAMES].sort());
      expect(tools.find((t) => t.name === 'place_order')?.inputSchema.properties).toHaveProperty(
        'tradingsymbol',
      );

      const ltp = await call(client, 'get_ltp', { instruments: ['NSE:ITC', 'NSE:TCS'] });
      expect(ltp.isError).toBe(false);
      expect(ltp.data['NSE:ITC']).toMatchObject({
        instrument_token: 'NSE:ITC',
        last_price: expect.any(Number),
      });
      const quotes = await call(client, 'get_quotes', { instruments: ['NSE:ITC'] });
      expect(quotes.data['NSE:ITC']).toMatchObject({ ohlc: { open: expect.any(Number) } });
      const found = await call(client, 'search_instruments', { query: 'ITC' });
      expect(found.data).toEqual(expect.arrayContaining([expect.objectContaining({ tradingsymbol: 'ITC' })]));
      const margins = await call(client, 'get_margins');
      expect(margins.data).toMatchObject({ equity: { net: 50_000 } });
      await client.close();
    });

    it('places, modifies and cancels orders on its own portfolio; the audit log keeps each call with its cash', async () => {
      const user = await signUp(ctx());
      const { token, secret } = await createAgentToken(ctx(), user);
      const client = await mcpClient(ctx(), secret);
      const buy = await call(client, 'place_order', {
        tradingsymbol: 'ITC',
        exchange: 'NSE',
        transaction_type: 'BUY',
        quantity: 10,
        product: 'CNC',
        order_type: 'MARKET',
      });
      expect(buy.isError, buy.text).toBe(false);
      expect(buy.data).toMatchObject({ status: 'COMPLETE', filled_quantity: 10, tradingsymbol: 'ITC' });
      const quote = (await call(client, 'get_quotes', { instruments: ['NSE:ITC'] })).data['NSE:ITC'] as {
        last_price: number;
        lower_circuit_limit: number;
      };
      // Below the market, inside the day's operating range: it rests.
      const low = Math.ceil((quote.last_price + quote.lower_circuit_limit) / 2);
      const limit = await call(client, 'place_order', {
        tradingsymbol: 'ITC',
        transaction_type: 'BUY',
        quantity: 5,
        product: 'CNC',
        order_type: 'LIMIT',
        price: low,
      });
      expect(limit.data).toMatchObject({ status: 'OPEN', price: low });
      const orderId = limit.data.order_id as string;
      const modified = await call(client, 'modify_order', { order_id: orderId, quantity: 7, price: low - 1 });
      expect(modified.isError, modified.text).toBe(false);
      expect(modified.data).toMatchObject({ quantity: 7, price: low - 1 });
      const cancelled = await call(client, 'cancel_order', { order_id: orderId });
      expect(cancelled.data).toMatchObject({ status: 'CANCELLED' });

      const orders = (await call(client, 'get_orders')).data as { order_id: string; status: string }[];
      expect(orders.map((o) => o.status).sort()).toEqual(['CANCELLED', 'COMPLETE']);
      const holdings = (await call(client, 'get_holdings')).data as {
        tradingsymbol: string;
        quantity: number;
      }[];
      expect(holdings).toEqual([expect.objectContaining({ tradingsymbol: 'ITC', quantity: 10 })]);
      const trades = await call(client, 'get_order_trades', { order_id: buy.data.order_id });
      expect(trades.data).toHaveLength(1);

      const csv = await ctx().request({
        method: 'GET',
        url: `/api/agent/tokens/${token.id}/track-record.csv`,
        token: user.token,
      });
      const rows = csv.body.trim().split('\r\n');
      expect(rows[1]).toMatch(/^\d{4}-\d\d-\d\dT[^,]+,ITC,BUY,10,[\d.]+,[\d.]+,$/);
      expect(rows).toHaveLength(1 + 1 + 1 + 4);

      // The user's main portfolio is untouched.
      const main = await ctx().request({ method: 'GET', url: '/api/portfolio/holdings', token: user.token });
      expect(JSON.stringify(main.json())).not.toContain('"ITC"');

      const audit = (
        await ctx().request({ method: 'GET', url: `/api/agent/audit?tokenId=${token.id}`, token: user.token })
      ).json().data as AgentAuditEntry[];
      const placed = audit.find((a) => a.tool === 'place_order' && a.arguments.order_type === 'MARKET')!;
      expect(placed).toMatchObject({ outcome: 'ok', tokenName: 'Momentum bot' });
      expect(placed.ledgerEffectInr).toBeLessThan(0);
      expect(audit.map((a) => a.tool)).toEqual(
        expect.arrayContaining(['modify_order', 'cancel_order', 'get_quotes']),
      );
      // Paging: the entries older than the newest.
      const page = await ctx().request({
        method: 'GET',
        url: `/api/agent/audit?limit=2&before=${audit[0]!.id}`,
        token: user.token,
      });
      expect((page.json().data as AgentAuditEntry[]).map((a) => a.id)).toEqual(
        audit.slice(1, 3).map((a) => a.id),
      );
      await client.close();
    });

    it('places, lists, modifies and deletes a GTT', async () => {
      const user = await signUp(ctx());
      const { secret } = await createAgentToken(ctx(), user);
      const client = await mcpClient(ctx(), secret);
      const ltp = (
        (await call(client, 'get_ltp', { instruments: ['NSE:TCS'] })).data['NSE:TCS'] as {
          last_price: number;
        }
      ).last_price;
      const trigger = Math.round(ltp * 0.9);
      const placed = await call(client, 'place_gtt_order', {
        tradingsymbol: 'TCS',
        exchange: 'NSE',
        last_price: ltp,
        transaction_type: 'BUY',
        product: 'CNC',
        trigger_type: 'single',
        trigger_value: trigger,
        quantity: 1,
        limit_price: trigger,
      });
      expect(placed.isError, placed.text).toBe(false);
      const id = placed.data.trigger_id as string;
      expect((await call(client, 'get_gtts')).data).toEqual([
        expect.objectContaining({ id, status: 'active' }),
      ]);
      const modified = await call(client, 'modify_gtt_order', {
        trigger_id: id,
        tradingsymbol: 'TCS',
        transaction_type: 'BUY',
        trigger_type: 'single',
        trigger_value: trigger - 1,
        quantity: 2,
        limit_price: trigger - 1,
      });
      expect(modified.isError, modified.text).toBe(false);
      expect(modified.data).toMatchObject({ orders: [expect.objectContaining({ quantity: 2 })] });
      const deleted = await call(client, 'delete_gtt_order', { trigger_id: id });
      expect(deleted.data).toMatchObject({ status: 'cancelled' });
      await client.close();
    });

    it('refuses by scope, unknown tools and bad arguments as tool errors, never HTTP errors', async () => {
      const user = await signUp(ctx());
      const { secret } = await createAgentToken(ctx(), user, { scopes: ['read'] });
      const client = await mcpClient(ctx(), secret);
      const place = await call(client, 'place_order', {
        tradingsymbol: 'ITC',
        transaction_type: 'BUY',
        quantity: 1,
        product: 'CNC',
        order_type: 'MARKET',
      });
      expect(place).toMatchObject({ isError: true });
      expect(place.text).toContain("'trade' scope");
      expect((await call(client, 'no_such_tool')).text).toContain('Unknown tool');
      expect((await call(client, 'get_ltp', { instruments: [] })).text).toContain('At least one instrument');
      expect((await call(client, 'get_order_history', { order_id: 'x' })).text).toContain('Order not found');
      await client.close();
    });
  },
  { config: AGENT_ON, listen: true },
);
