import { afterAll, beforeEach, expect, it } from 'vitest';
import { formatInr, saytrixChatResponseSchema, type SaytrixReply, type VirtualAccount } from '@nivesh/shared';
import { startFakeLlm } from '../support/fake-llm.js';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';

/** The scripted OpenAI-compatible model shared by the Saytrix API tests (test/support/fake-llm.ts). */
const llm = await startFakeLlm();
const { script, received } = llm;
afterAll(() => llm.close());

const NOW = Date.UTC(2026, 10, 23, 6, 0, 0);

async function chat(ctx: TestContext, token: string, message: string): Promise<SaytrixReply> {
  const res = await ctx.request({ method: 'POST', url: '/api/saytrix/chat', token, payload: { message } });
  expect(res.statusCode, res.body).toBe(200);
  return saytrixChatResponseSchema.parse(res.json()).data;
}

describeEachDb(
  'saytrix with an OpenAI-compatible model',
  (ctx) => {
    let token: string;
    let account: VirtualAccount;

    beforeEach(() => {
      script.length = 0;
      received.length = 0;
    });

    it('the model calls the tool and cites figures only as slots the server fills', async () => {
      token = (await signUp(ctx())).token;
      account = (await ctx().request({ method: 'GET', url: '/api/virtual-money/account', token })).json()
        .data;
      script.push(
        { kind: 'tools', calls: [{ mode: 'cash', symbols: [] }] },
        { kind: 'text', content: 'Right now you can trade with {{s3}}.' },
      );
      const reply = await chat(ctx(), token, 'How much cash do I have?');
      // The tool result the model saw carried slots, never the figures themselves.
      const toolMessage = received[1]!.messages.find((m) => m.role === 'tool')!;
      expect(toolMessage.content).toContain('{{s3}}');
      expect(toolMessage.content).not.toContain(formatInr(account.availableCash));
      expect(received[0]!.tools).toHaveLength(1);
      expect(reply).toMatchObject({
        intent: 'cash',
        response: `Right now you can trade with ${formatInr(account.availableCash)}.`,
      });
    });

    it('a reply with a number the tools did not give is replaced by the deterministic answer', async () => {
      script.push({ kind: 'text', content: 'You have ₹99,999.00 to spend, about 12 shares of TCS.' });
      const reply = await chat(ctx(), token, 'How much cash do I have?');
      expect(reply.response).not.toContain('99,999');
      expect(reply.response).toContain(
        `You have **${formatInr(account.availableCash)}** available to trade.`,
      );
    });

    it('a 500 says the AI service is unavailable, then gives the offline answer', async () => {
      script.push({ kind: 'fail' });
      const reply = await chat(ctx(), token, 'How much cash do I have?');
      expect(reply.response.startsWith('AI service temporarily unavailable.')).toBe(true);
      expect(reply.response).toContain(formatInr(account.availableCash));
    });

    it('a model that does not answer in time gets the same fallback', async () => {
      script.push({ kind: 'hang' });
      const started = Date.now();
      const reply = await chat(ctx(), token, 'How much cash do I have?');
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(reply.response.startsWith('AI service temporarily unavailable.')).toBe(true);
      expect(reply.response).toContain(formatInr(account.availableCash));
    });
  },
  {
    now: () => NOW,
    config: { saytrixLlm: { baseUrl: llm.baseUrl, model: 'scripted', apiKey: 'test', timeoutMs: 1_500 } },
  },
);
