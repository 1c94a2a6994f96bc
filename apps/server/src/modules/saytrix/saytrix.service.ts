import {
  saytrixReplySchema,
  type SaytrixChatRequest,
  type SaytrixMessage,
  type SaytrixReply,
} from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../lib/errors.js';
import { HANDLERS } from './handlers/map.js';
import { followUpContext } from './handlers/phrasing.js';
import type { Draft, Turn } from './handlers/types.js';
import { parse } from './saytrix.grammar.js';
import { lastTurnOf, type Parsed, type SaytrixContext } from './saytrix.parsed.js';
import { AI_UNAVAILABLE, type SaytrixLlm } from './saytrix.llm.js';
import { capAnswer } from './llm/limits.js';
import { normalise } from './saytrix.normalise.js';
import { saytrixRepository } from './saytrix.repository.js';
import { StockFinder } from './saytrix.stocks.js';
import type { SaytrixTools } from './saytrix.tools.js';
import { scopeDraft, type SaytrixScopes, type ScopedTools } from './saytrix.scope.js';

export const DEFAULT_SESSION_ID = 'default';
const HISTORY_LIMIT = 200;
/** Stand-in name lists of blind replays kept for matching (one per replay asked about lately). */
const SCOPED_FINDERS = 16;

/** The assistant's rules: understand (grammar), fetch (tools), answer with figures only from tool results. */
export class SaytrixService {
  private finderCache: StockFinder | undefined;
  private readonly scopedFinders = new Map<string, StockFinder>();

  constructor(
    private readonly o: {
      db: Db;
      tools: SaytrixTools;
      now: () => number;
      llm?: SaytrixLlm | undefined;
      /** Another portfolio or a replay, when the chat names one (main when absent). */
      scopes?: SaytrixScopes | undefined;
    },
  ) {}

  private get finder(): StockFinder {
    this.finderCache ??= new StockFinder(this.o.tools.instruments());
    return this.finderCache;
  }

  /** The names a question's stocks are matched against: a blind replay's stand-ins, else the catalog's. */
  private finderOf(scoped: ScopedTools | undefined): StockFinder {
    const key = scoped?.finderKey;
    if (!key) return this.finder;
    let finder = this.scopedFinders.get(key);
    if (!finder) {
      finder = new StockFinder(scoped.tools.instruments());
      if (this.scopedFinders.size >= SCOPED_FINDERS)
        this.scopedFinders.delete(this.scopedFinders.keys().next().value!);
      this.scopedFinders.set(key, finder);
    }
    return finder;
  }

  async chat(userId: string, request: SaytrixChatRequest): Promise<SaytrixReply> {
    const sessionId = request.sessionId ?? DEFAULT_SESSION_ID;
    const context = ((await saytrixRepository.context(this.o.db, userId, sessionId)) ?? {}) as SaytrixContext;
    const expert = request.mode === 'expert';
    // The portfolio and market asked about (a 404 for another user's ids) before anything is read.
    const scoped = await this.o.scopes?.resolve(userId, request);
    const answered = await this.answer(userId, request.message, context, expert, scoped);
    const { next } = answered;
    const full = this.o.llm
      ? await this.phrased(userId, request.message, answered, expert, context, scoped)
      : answered.reply;
    // Capped before storing: the reply shown and the message stored are the same bounded text.
    const reply = { ...full, response: capAnswer(full.response) };
    await saytrixRepository.saveTurn(this.o.db, {
      userId,
      sessionId,
      question: request.message,
      source: request.source ?? 'text',
      answer: reply.response,
      reply: reply as unknown as Record<string, unknown>,
      context: next as Record<string, unknown>,
    });
    return reply;
  }

  /** Understanding and answering without storing anything (the LLM path reuses it). */
  async answer(
    userId: string,
    message: string,
    context: SaytrixContext,
    expert: boolean,
    scoped?: ScopedTools,
  ): Promise<{ reply: SaytrixReply; next: SaytrixContext; parsed: Parsed }> {
    const now = scoped?.now ?? this.o.now;
    const parsed = parse(message, this.finderOf(scoped), context, new Date(now()));
    return this.answerParsed(userId, parsed, context, expert, message, scoped);
  }

  /** Answering an understanding already made (the handlers' test seam: hand-built Parsed objects). */
  async answerParsed(
    userId: string,
    parsed: Parsed,
    context: SaytrixContext = {},
    expert = false,
    message = parsed.text,
    scoped?: ScopedTools,
  ): Promise<{ reply: SaytrixReply; next: SaytrixContext; parsed: Parsed }> {
    const turn = { userId, parsed, expert, context };
    const scope = scoped?.tools.scope;
    const draft = scopeDraft(await this.respond(turn, scoped), scope);
    // Every follow-up shows what it took from the last turn, whichever handler answered it.
    const followed = draft.context ?? followUpContext(turn);
    const reply = saytrixReplySchema.parse({
      ...draft,
      ...(followed ? { context: followed } : {}),
      suggestions: (draft.suggestions ?? []).slice(0, 4),
      confidence: draft.confidence ?? confidenceOf(parsed),
      ...(scope && scope.kind !== 'main' ? { scope } : {}),
    });
    const next: SaytrixContext = {
      lastIntent: parsed.intent,
      lastSymbols: parsed.symbols.length ? parsed.symbols : context.lastSymbols,
      last: lastTurnOf(parsed, reply.action),
      ...(parsed.ambiguous
        ? {
            pending: {
              intent: parsed.intent,
              options: parsed.ambiguous.options.map((o) => o.symbol),
              message,
            },
          }
        : {}),
    };
    if (parsed.intent === 'greeting' || parsed.intent === 'help' || parsed.intent === 'unknown') {
      next.lastIntent = context.lastIntent;
      next.last = context.last;
    }
    return { reply, next, parsed };
  }

  /**
   * The model rephrases the server's answer; a reply with any figure that is not a slot falls back
   * to the server's own text, and a failing service says so before the offline answer.
   */
  private async phrased(
    userId: string,
    message: string,
    answered: { reply: SaytrixReply; parsed: Parsed },
    expert: boolean,
    context: SaytrixContext,
    scoped: ScopedTools | undefined,
  ): Promise<SaytrixReply> {
    const { reply } = answered;
    if (answered.parsed.ambiguous || ['navigate', 'chart', 'greeting'].includes(reply.intent)) return reply;
    try {
      const text = await this.o.llm!.phrase(message, reply.response, async (call) => {
        const symbols = call.symbols.flatMap((name) => {
          const n = normalise(name);
          return this.finderOf(scoped)
            .find(n.words, n.upperTokens, true)
            .matches.map((m) => m.symbol);
        });
        const parsed: Parsed = { intent: call.mode, symbols, text: message };
        return scopeDraft(
          await this.respond({ userId, parsed, expert, context }, scoped),
          scoped?.tools.scope,
        ).response;
      });
      return text ? { ...reply, response: text } : reply;
    } catch {
      return { ...reply, response: `${AI_UNAVAILABLE}\n\n${reply.response}` };
    }
  }

  async history(userId: string, sessionId: string): Promise<SaytrixMessage[]> {
    // The browser names a conversation before its first message, so one not started yet (or
    // cleared) is an empty history, not a missing resource; another user's id reads the same.
    const rows = (await saytrixRepository.messages(this.o.db, userId, sessionId, HISTORY_LIMIT)) ?? [];
    return rows.map((r) => ({
      id: r.id.toString(),
      role: r.role,
      content: r.content,
      createdAt: r.createdAt.toISOString(),
      source: r.source ?? null,
      reply: r.reply ? saytrixReplySchema.parse(r.reply) : null,
    }));
  }

  async clear(userId: string, sessionId: string): Promise<void> {
    if (!(await saytrixRepository.remove(this.o.db, userId, sessionId))) throw notFound('Session not found');
  }

  private async respond(turn: Turn, scoped?: ScopedTools): Promise<Draft> {
    const { parsed } = turn;
    if (parsed.ambiguous) return didYouMean(parsed);
    try {
      return await HANDLERS[parsed.intent](turn, {
        tools: scoped?.tools ?? this.o.tools,
        now: scoped?.now ?? this.o.now,
      });
    } catch (error) {
      // A market outage is said plainly; the reply never fills the gap with a guess.
      if (error instanceof AppError && error.statusCode === 503) {
        return {
          intent: parsed.intent,
          response: `Market data is unavailable right now (${error.message}), so I can't give that figure. Please try again shortly.`,
          confidence: 'low',
        };
      }
      // A refusal (not found, or what a replay does not run) is said as the reply.
      if (error instanceof AppError && error.statusCode >= 400 && error.statusCode < 500) {
        return { intent: parsed.intent, response: `${error.message}.`, confidence: 'low' };
      }
      throw error;
    }
  }
}

function didYouMean(parsed: Parsed): Draft {
  const options = parsed.ambiguous!.options;
  const names = options.map((o) => `**${o.name} (${o.symbol})**`);
  const response =
    options.length === 1
      ? `Did you mean ${names[0]}?`
      : `Did you mean ${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}?`;
  return {
    intent: parsed.intent,
    response,
    suggestions:
      options.length === 1 ? ['Yes', ...options.map((o) => o.symbol)] : options.map((o) => o.symbol),
    confidence: 'low',
  };
}

function confidenceOf(p: Parsed): SaytrixReply['confidence'] {
  if (p.intent === 'unknown' || p.intent === 'clarify' || p.ambiguous || p.needsStock) return 'low';
  if (p.fuzzy || p.fromContext) return 'medium';
  return 'high';
}
