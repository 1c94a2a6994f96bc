import { afterAll, beforeEach, expect, it } from 'vitest';
import { saytrixChatResponseSchema, type SaytrixReply } from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';
import { startFakeLlm } from '../support/fake-llm.js';

const NOW = Date.UTC(2026, 10, 23, 6, 0, 0);
const PER_MINUTE = 10;

const llm = await startFakeLlm();
afterAll(() => llm.close());

function chatRequest(ctx: TestContext, token: string, message: string) {
  return ctx.request({ method: 'POST', url: '/api/saytrix/chat', token, payload: { message } });
}

async function chat(ctx: TestContext, token: string, message: string): Promise<SaytrixReply> {
  const res = await chatRequest(ctx, token, message);
  expect(res.statusCode, res.body).toBe(200);
  return saytrixChatResponseSchema.parse(res.json()).data;
}

const toolMessages = (i: number) => llm.received[i]!.messages.filter((m) => m.role === 'tool');

describeEachDb(
  'saytrix limits: per-user rate, tool calls per round, a deadline per chat, capped answers',
  (ctx) => {
    beforeEach(() => {
      llm.script.length = 0;
      llm.received.length = 0;
      llm.fallback = { kind: 'text', content: 'Here is your cash.' };
    });

    it('60 parallel chats by one user make at most the per-minute budget of model calls; another user is not limited', async () => {
      const { token } = await signUp(ctx());
      const replies = await Promise.all(
        Array.from({ length: 60 }, () => chatRequest(ctx(), token, 'How much cash do I have?')),
      );
      const ok = replies.filter((r) => r.statusCode === 200);
      const limited = replies.filter((r) => r.statusCode === 429);
      expect(ok).toHaveLength(PER_MINUTE);
      expect(limited).toHaveLength(60 - PER_MINUTE);
      expect(limited[0]!.json()).toMatchObject({
        success: false,
        code: 'RATE_LIMITED',
        message: expect.stringMatching(
          /^Too many Saytrix requests: at most 10 a minute\. Please try again in \d+ seconds\.$/,
        ),
      });
      // At most one model call per admitted chat (fewer when a busy chat passes its deadline first).
      expect(llm.received.length).toBeGreaterThan(0);
      expect(llm.received.length).toBeLessThanOrEqual(PER_MINUTE);
      // The same address, another account: the budget is the user's, not the IP's.
      const other = await signUp(ctx());
      expect((await chatRequest(ctx(), other.token, 'How much cash do I have?')).statusCode).toBe(200);
      // Every /api/saytrix route is limited, not only the chat.
      const history = await Promise.all(
        Array.from({ length: PER_MINUTE + 1 }, () =>
          ctx().request({ method: 'GET', url: '/api/saytrix/sessions/default/messages', token }),
        ),
      );
      expect(history.filter((r) => r.statusCode === 429)).toHaveLength(1);
    });

    it('a model asking for 200 tools in a round gets at most 4 executed; the rest are answered "not executed"', async () => {
      const { token } = await signUp(ctx());
      const many = Array.from({ length: 200 }, () => ({ mode: 'cash', symbols: [] }));
      llm.script.push(
        { kind: 'tools', calls: many },
        { kind: 'tools', calls: many },
        { kind: 'tools', calls: many },
      );
      const reply = await chat(ctx(), token, 'How much cash do I have?');
      expect(reply.intent).toBe('cash');
      // Three rounds at most; every call gets an answer, at most 4 of each round's are run.
      expect(llm.received).toHaveLength(3);
      for (const round of [1, 2]) {
        const answers = toolMessages(round).slice(-200);
        expect(answers).toHaveLength(200);
        const executed = answers.filter((m) => m.content?.includes('available to trade'));
        expect(executed).toHaveLength(4);
        expect(answers.filter((m) => m.content?.startsWith('Not executed: limit'))).toHaveLength(196);
      }
    });

    it('the whole model conversation has one deadline, after which the offline answer is used', async () => {
      const { token } = await signUp(ctx());
      // Each round answers within the per-request timeout; together they pass the chat's deadline.
      for (let i = 0; i < 3; i += 1)
        llm.script.push({ kind: 'tools', calls: [{ mode: 'cash', symbols: [] }], delayMs: 1_800 });
      const reply = await chat(ctx(), token, 'How much cash do I have?');
      expect(reply.response.startsWith('AI service temporarily unavailable.')).toBe(true);
      expect(reply.response).toContain('available to trade');
      expect(llm.received.length).toBeLessThan(3);
    });

    it('a 2,000,000-character model answer is cut at a sentence before it is shown or stored', async () => {
      const { token } = await signUp(ctx());
      const huge = 'Your cash is shown above. '.repeat(80_000);
      expect(huge.length).toBeGreaterThanOrEqual(2_000_000);
      llm.script.push({ kind: 'text', content: huge });
      const reply = await chat(ctx(), token, 'How much cash do I have?');
      expect(reply.response.length).toBeLessThanOrEqual(4_000);
      expect(reply.response.length).toBeGreaterThan(3_000);
      expect(reply.response.endsWith('above.…')).toBe(true);
      const history = await ctx().request({
        method: 'GET',
        url: '/api/saytrix/sessions/default/messages',
        token,
      });
      const messages = history.json().data.messages as Array<{ role: string; content: string }>;
      const stored = messages.filter((m) => m.role === 'assistant');
      expect(stored).toHaveLength(1);
      expect(stored[0]!.content).toBe(reply.response);
    });
  },
  {
    now: () => NOW,
    config: {
      saytrixRateLimitPerMinute: PER_MINUTE,
      saytrixLlm: { baseUrl: llm.baseUrl, model: 'scripted', apiKey: 'test', timeoutMs: 3_000 },
    },
  },
);
