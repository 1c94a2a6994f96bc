import {
  DEFAULT_PRODUCT,
  FEE_LINES,
  type FeeBreakdownRupees,
  saytrixReplySchema,
  type Holding,
  type Product,
  type Quote,
  type SaytrixChatRequest,
  type SaytrixMessage,
  type SaytrixReply,
  type SaytrixStockData,
  type SaytrixTradeParams,
  plural,
} from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../lib/errors.js';
import { CONCEPTS_WITH_QUOTE, explain, feeRules } from './saytrix.concepts.js';
import {
  asOf,
  count,
  dateIst,
  dateTimeIst,
  inr,
  money,
  pct,
  points,
  signedInr,
  signedMoney,
  signedPct,
} from './saytrix.format.js';
import { parse } from './saytrix.grammar.js';
import { lastTurnOf, type Parsed, type SaytrixContext } from './saytrix.parsed.js';
import { AI_UNAVAILABLE, type SaytrixLlm } from './saytrix.llm.js';
import { escapeMarkdownText } from './saytrix.untrusted.js';
import { capAnswer } from './llm/limits.js';
import { normalise } from './saytrix.normalise.js';
import { saytrixRepository } from './saytrix.repository.js';
import { StockFinder } from './saytrix.stocks.js';
import type { SaytrixTools } from './saytrix.tools.js';

export const DEFAULT_SESSION_ID = 'default';
const HISTORY_LIMIT = 200;

const HELP_SUGGESTIONS = [
  'Show me NIFTY performance',
  "What are today's top gainers?",
  'How much cash do I have?',
  'Portfolio analysis',
];
const PAGE_NAMES: Record<string, string> = {
  '/dashboard': 'the dashboard',
  '/charts': 'Charts',
  '/portfolio': 'your portfolio',
  '/watchlist': 'your watchlist',
  '/orders': 'your orders',
  '/history': 'your transaction history',
  '/news': 'Market News',
  '/notifications': 'your notifications',
  '/saytrix': 'Saytrix',
  '/profile': 'your profile',
  '/settings': 'Settings',
  '/trading': 'Trading',
};

type Draft = Omit<SaytrixReply, 'suggestions' | 'confidence'> & {
  suggestions?: string[];
  confidence?: SaytrixReply['confidence'];
};

interface Turn {
  userId: string;
  parsed: Parsed;
  expert: boolean;
  context: SaytrixContext;
}

/** The assistant's rules: understand (grammar), fetch (tools), answer with figures only from tool results. */
export class SaytrixService {
  private finderCache: StockFinder | undefined;

  constructor(
    private readonly o: {
      db: Db;
      tools: SaytrixTools;
      now: () => number;
      llm?: SaytrixLlm | undefined;
    },
  ) {}

  private get finder(): StockFinder {
    this.finderCache ??= new StockFinder(this.o.tools.instruments());
    return this.finderCache;
  }

  async chat(userId: string, request: SaytrixChatRequest): Promise<SaytrixReply> {
    const sessionId = request.sessionId ?? DEFAULT_SESSION_ID;
    const context = ((await saytrixRepository.context(this.o.db, userId, sessionId)) ?? {}) as SaytrixContext;
    const expert = request.mode === 'expert';
    const answered = await this.answer(userId, request.message, context, expert);
    const { next } = answered;
    const full = this.o.llm
      ? await this.phrased(userId, request.message, answered, expert, context)
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
  ): Promise<{ reply: SaytrixReply; next: SaytrixContext; parsed: Parsed }> {
    const parsed = parse(message, this.finder, context, new Date(this.o.now()));
    const draft = await this.respond({ userId, parsed, expert, context });
    const reply = saytrixReplySchema.parse({
      ...draft,
      suggestions: (draft.suggestions ?? []).slice(0, 4),
      confidence: draft.confidence ?? confidenceOf(parsed),
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
  ): Promise<SaytrixReply> {
    const { reply } = answered;
    if (answered.parsed.ambiguous || ['navigate', 'chart', 'greeting'].includes(reply.intent)) return reply;
    try {
      const text = await this.o.llm!.phrase(message, reply.response, async (call) => {
        const symbols = call.symbols.flatMap((name) => {
          const n = normalise(name);
          return this.finder.find(n.words, n.upperTokens, true).matches.map((m) => m.symbol);
        });
        const parsed: Parsed = { intent: call.mode, symbols, text: message };
        return (await this.respond({ userId, parsed, expert, context })).response;
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

  private async respond(turn: Turn): Promise<Draft> {
    const { parsed } = turn;
    if (parsed.ambiguous) return this.didYouMean(parsed);
    try {
      switch (parsed.intent) {
        case 'greeting':
          return greeting();
        case 'help':
          return help();
        case 'unknown':
          return unknown(parsed);
        case 'quote':
          return await this.quote(turn);
        case 'index':
          return await this.index(turn);
        case 'movers':
          return await this.movers(turn);
        case 'portfolio':
          return await this.portfolio(turn);
        case 'holding':
          return await this.holding(turn);
        case 'cash':
          return await this.cash(turn);
        case 'orders':
          return await this.orders(turn);
        case 'transactions':
          return await this.transactions(turn);
        case 'navigate':
          return navigate(parsed);
        case 'buy':
        case 'sell':
          return await this.trade(turn);
        case 'watchlist':
          return await this.watchlist(turn);
        case 'news':
          return await this.news(turn);
        case 'explain':
          return await this.explain(turn);
        case 'fees':
          return await this.fees(turn);
        case 'compare':
          return await this.compare(turn);
        case 'chart':
          return chart(parsed);
        case 'alert':
          return await this.alert(turn);
        // Recognised by the contract, answered by the handlers still to come (issue 24).
        case 'gtt':
        case 'journal':
        case 'habits':
        case 'leaderboard':
        case 'sectors':
        case 'why':
        case 'clarify':
          return unknown(parsed);
      }
    } catch (error) {
      // A market outage is said plainly; the reply never fills the gap with a guess.
      if (error instanceof AppError && error.statusCode === 503) {
        return {
          intent: parsed.intent,
          response: `Market data is unavailable right now (${error.message}), so I can't give that figure. Please try again shortly.`,
          confidence: 'low',
        };
      }
      if (error instanceof AppError && error.statusCode === 404) {
        return { intent: parsed.intent, response: `${error.message}.`, confidence: 'low' };
      }
      throw error;
    }
  }

  private didYouMean(parsed: Parsed): Draft {
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

  private asOf(quote: { lastUpdated: string }) {
    return asOf(quote.lastUpdated, this.o.tools.source);
  }

  private async quote({ parsed, expert }: Turn): Promise<Draft> {
    if (!parsed.symbols.length)
      return askForStock(parsed, 'Which stock? For example: “price of Reliance” or “TCS quote”.');
    const symbol = parsed.symbols[0]!;
    const q = await this.o.tools.quote(symbol);
    if (q.exchange === 'INDEX') return this.indexReply([q], expert);
    const dir = q.change > 0 ? 'up' : q.change < 0 ? 'down' : 'unchanged';
    const lines = [
      `**${q.name} (${q.symbol})** is at **${money(q, q.price)}**, ${dir === 'unchanged' ? 'unchanged' : `${dir} ${money(q, Math.abs(q.change))} (${signedPct(q.changePercent)})`} today.`,
      `Day range ${money(q, q.dayLow)} – ${money(q, q.dayHigh)}; previous close ${money(q, q.previousClose)}; volume ${count(q.volume)}.`,
    ];
    if (expert) lines.push(...expertQuoteLines(q));
    lines.push(this.asOf(q));
    return {
      intent: 'quote',
      response: lines.join('\n\n'),
      stockData: stockData(q),
      suggestions: [
        `Buy 1 ${q.symbol}`,
        `${q.symbol} chart`,
        `News about ${q.symbol}`,
        `Add ${q.symbol} to my watchlist`,
      ],
    };
  }

  private indexReply(quotes: Quote[], expert: boolean): Draft {
    const lines = quotes.map(
      (q) =>
        `**${q.name}** ${points(q.price)} (${q.change >= 0 ? '+' : '−'}${points(Math.abs(q.change))}, ${signedPct(q.changePercent)})${expert ? `; day range ${points(q.dayLow)} – ${points(q.dayHigh)}, previous close ${points(q.previousClose)}` : ''}`,
    );
    return {
      intent: 'index',
      response: [...lines, this.asOf(quotes[0]!)].join('\n\n'),
      suggestions: ["What are today's top gainers?", 'Top losers today', 'Bank Nifty', 'Portfolio analysis'],
    };
  }

  private async index({ parsed, expert }: Turn): Promise<Draft> {
    const symbols = parsed.symbols.length ? parsed.symbols : ['NIFTY50', 'SENSEX'];
    const quotes = await this.o.tools.quotes(symbols);
    return this.indexReply(quotes, expert);
  }

  private async movers({ parsed }: Turn): Promise<Draft> {
    const type = parsed.movers ?? 'gainers';
    const list = await this.o.tools.movers(type, 5);
    if (!list.length)
      return { intent: 'movers', response: 'No market movers are available right now.', confidence: 'low' };
    const title = type === 'gainers' ? 'Top gainers' : type === 'losers' ? 'Top losers' : 'Most active';
    const rows = list.map(
      (q, i) =>
        `${i + 1}. **${q.symbol}** ${money(q, q.price)} (${signedPct(q.changePercent)})${type === 'active' ? `, volume ${count(q.volume)}` : ''}`,
    );
    return {
      intent: 'movers',
      response: [`**${title} today:**`, rows.join('\n'), this.asOf(list[0]!)].join('\n\n'),
      suggestions: [
        type === 'gainers' ? 'Top losers today' : "What are today's top gainers?",
        `Tell me about ${list[0]!.symbol}`,
        'Most active stocks',
        'Show me NIFTY performance',
      ].filter((s, i, all) => all.indexOf(s) === i),
    };
  }

  private async portfolio({ userId, parsed, expert }: Turn): Promise<Draft> {
    const summary = await this.o.tools.summary(userId);
    const positions = summary.positions;
    const now = new Date(this.o.now()).toISOString();
    if (!positions.length) {
      return {
        intent: 'portfolio',
        response: [
          `You have no holdings yet. Available cash: **${inr(summary.availableCash)}**.`,
          asOf(now, this.o.tools.source),
        ].join('\n\n'),
        action: 'show_portfolio',
        params: {},
        suggestions: ["What are today's top gainers?", 'Price of Reliance', 'How much cash do I have?'],
      };
    }
    const dayChange = round2(positions.reduce((s, h) => s + h.dayChange, 0));
    const sorted = [...positions].sort((a, b) => b.pnlPercentage - a.pnlPercentage);
    const best = sorted[0]!;
    const worst = sorted[sorted.length - 1]!;
    const lines: string[] = [];
    if (parsed.focus === 'best' || parsed.focus === 'worst') {
      const h = parsed.focus === 'best' ? best : worst;
      lines.push(
        `Your ${parsed.focus} holding is **${h.name} (${h.symbol})**: ${plural(h.quantity, 'share')}, P&L ${signedInr(h.pnl)} (${signedPct(h.pnlPercentage)}).`,
      );
    }
    lines.push(
      `**Portfolio:** ${plural(positions.length, 'holding')} worth **${inr(summary.totalCurrentValue)}** (invested ${inr(summary.totalInvested)}).`,
      `P&L ${signedInr(summary.totalPnL)} (${signedPct(summary.totalPnLPercentage)}); today ${signedInr(dayChange)}.`,
      `Best: **${best.symbol}** ${signedPct(best.pnlPercentage)}; worst: **${worst.symbol}** ${signedPct(worst.pnlPercentage)}.`,
      `Cash available ${inr(summary.availableCash)}; total value ${inr(summary.totalValue)}.`,
    );
    if (expert) {
      lines.push(
        positions
          .map(
            (h) =>
              `- **${h.symbol}** ${count(h.quantity)} × ${inr(h.currentPrice)} = ${inr(h.currentValue)} (${pct(weight(h, summary.totalCurrentValue))} of holdings), avg ${inr(h.avgPrice)}, P&L ${signedInr(h.pnl)}`,
          )
          .join('\n'),
        `Realised P&L so far ${signedInr(summary.totalRealizedPnL)}.`,
      );
    }
    lines.push(asOf(latest(positions) ?? now, this.o.tools.source));
    return {
      intent: 'portfolio',
      response: lines.join('\n\n'),
      action: 'show_portfolio',
      params: {},
      suggestions: [
        `How is my ${best.symbol} doing?`,
        'How much cash do I have?',
        'Show my orders',
        'What did I buy this week?',
      ],
    };
  }

  private async holding({ userId, parsed, expert }: Turn): Promise<Draft> {
    if (!parsed.symbols.length)
      return askForStock(parsed, 'Which holding? For example: “my Reliance position”.');
    const symbol = parsed.symbols[0]!;
    const holdings = await this.o.tools.holdings(userId);
    // Delivery and intraday are separate positions of one symbol: answer for each held.
    const rows = holdings.filter((x) => x.symbol === symbol);
    const h = rows[0];
    if (!h) {
      const q = await this.o.tools.quote(symbol);
      return {
        intent: 'holding',
        response: [
          `You don't hold any **${q.name} (${q.symbol})**. It trades at ${money(q, q.price)} (${signedPct(q.changePercent)} today).`,
          this.asOf(q),
        ].join('\n\n'),
        stockData: stockData(q),
        suggestions: [`Buy 1 ${symbol}`, 'Portfolio analysis', `${symbol} chart`],
      };
    }
    const lines = rows.flatMap((row) => {
      const kind = row.product === 'MIS' ? ' intraday (MIS)' : rows.length > 1 ? ' for delivery (CNC)' : '';
      return [
        `You hold **${count(row.quantity)} ${row.symbol}**${kind} (${row.name}) at an average of ${inr(row.avgPrice)}.`,
        `Now ${inr(row.currentPrice)} each, worth **${inr(row.currentValue)}**: P&L ${signedInr(row.pnl)} (${signedPct(row.pnlPercentage)}); today ${signedInr(row.dayChange)} (${signedPct(row.dayChangePercent)}).`,
        ...(expert
          ? [
              `Invested ${inr(row.totalInvested)}; realised P&L on ${row.symbol} ${signedInr(row.realizedPnL)}.`,
            ]
          : []),
      ];
    });
    lines.push(
      asOf(
        h.lastUpdated > new Date(this.o.now()).toISOString() ? h.lastUpdated : new Date(this.o.now()),
        this.o.tools.source,
      ),
    );
    return {
      intent: 'holding',
      response: lines.join('\n\n'),
      suggestions: [
        `Sell half of my ${h.symbol}`,
        `${h.symbol} chart`,
        'Portfolio analysis',
        `News about ${h.symbol}`,
      ],
    };
  }

  private async cash({ userId, expert }: Turn): Promise<Draft> {
    const account = await this.o.tools.account(userId);
    const lines = [`You have **${inr(account.availableCash)}** available to trade.`];
    if (account.reserved > 0)
      lines.push(
        `${inr(account.reserved)} is reserved for pending orders, so your cash balance is ${inr(account.balance)}.`,
      );
    if (expert)
      lines.push(
        `Holdings are worth ${inr(account.portfolioValue)} (invested ${inr(account.totalInvested)}).`,
      );
    lines.push(asOf(new Date(this.o.now()), this.o.tools.source));
    return {
      intent: 'cash',
      response: lines.join('\n\n'),
      suggestions: ['Portfolio analysis', 'Show my orders', "What are today's top gainers?"],
    };
  }

  private async orders({ userId, parsed }: Turn): Promise<Draft> {
    const status = parsed.orderStatus ?? 'all';
    const symbol = parsed.symbols[0];
    const { data, open, total } = await this.o.tools.orders(userId, status, 20);
    const list = (symbol ? data.filter((o) => o.symbol === symbol) : data).slice(0, 5);
    const what =
      status === 'open'
        ? 'open orders'
        : status === 'filled'
          ? 'filled orders'
          : status === 'cancelled'
            ? 'cancelled orders'
            : 'orders';
    if (!list.length) {
      return {
        intent: 'orders',
        response: `You have no ${what}${symbol ? ` in ${symbol}` : ''}. You have ${count(open)} open order${open === 1 ? '' : 's'} in all.`,
        action: 'navigate',
        params: { path: '/orders' },
        suggestions: ['Buy 1 TCS', 'Portfolio analysis', 'How much cash do I have?'],
      };
    }
    const rows = list.map((o) => {
      const price =
        o.orderType === 'LIMIT' && o.price
          ? ` limit ${inr(o.price)}`
          : o.orderType === 'STOP' && o.triggerPrice
            ? ` trigger ${inr(o.triggerPrice)}`
            : '';
      const filled = o.status === 'FILLED' && o.executionPrice ? ` at ${inr(o.executionPrice)}` : '';
      return `- ${o.type} ${count(o.quantity)} **${o.symbol}** ${o.orderType}${price} — **${o.status}**${filled} (${dateTimeIst(o.createdAt)} IST)`;
    });
    return {
      intent: 'orders',
      response: [
        `Your latest ${what} (${count(open)} open of ${count(total)} in all):`,
        rows.join('\n'),
      ].join('\n\n'),
      action: 'navigate',
      params: { path: '/orders' },
      suggestions: ['Do I have any pending orders?', 'What did I buy this week?', 'How much cash do I have?'],
    };
  }

  private async transactions({ userId, parsed }: Turn): Promise<Draft> {
    const { data, summary } = await this.o.tools.transactions(userId, {
      side: parsed.side,
      from: parsed.from,
      to: parsed.to,
      symbol: parsed.symbols[0],
      limit: 5,
    });
    const period = parsed.from
      ? ` since ${dateIst(parsed.from)}${parsed.to ? ` until ${dateIst(parsed.to)}` : ''}`
      : '';
    const what = parsed.side === 'BUY' ? 'buys' : parsed.side === 'SELL' ? 'sales' : 'transactions';
    if (!summary.totalTransactions) {
      return {
        intent: 'transactions',
        response: `No ${what}${period}.`,
        action: 'navigate',
        params: { path: '/history' },
        suggestions: ['Portfolio analysis', 'Show my orders'],
      };
    }
    const rows = data.map(
      (t) =>
        `- ${t.type.toUpperCase()} ${count(t.quantity)} **${t.symbol}** at ${inr(t.price)} = ${inr(t.totalAmount)}, fees ${inr(t.fees)} (${dateTimeIst(t.timestamp)} IST)`,
    );
    return {
      intent: 'transactions',
      response: [
        `**${count(summary.totalTransactions)} ${what}${period}.** Bought ${inr(summary.totalInvested)}, sold ${inr(summary.totalSold)}, fees paid ${inr(summary.totalFees)}.`,
        `Latest:\n${rows.join('\n')}`,
      ].join('\n\n'),
      action: 'navigate',
      params: { path: '/history' },
      suggestions: ['Portfolio analysis', 'Show my orders', 'How much cash do I have?'],
    };
  }

  private async trade({ userId, parsed, expert }: Turn): Promise<Draft> {
    const side = parsed.intent === 'sell' ? 'SELL' : 'BUY';
    const verb = side === 'BUY' ? 'buy' : 'sell';
    if (!parsed.symbols.length)
      return askForStock(parsed, `Which stock would you like to ${verb}? For example: “${verb} 10 TCS”.`);
    const symbol = parsed.symbols[0]!;
    const q = await this.o.tools.quote(symbol);
    if (q.exchange === 'INDEX')
      return {
        intent: parsed.intent,
        response: `${q.name} is an index; it cannot be traded. Try a stock, for example “${verb} 10 TCS”.`,
        confidence: 'low',
      };
    let quantity = parsed.quantity;
    let heldProduct: Product | undefined;
    const notes: string[] = [];
    if (side === 'SELL' && (parsed.fraction || quantity === undefined)) {
      // The product asked for; unsaid, delivery, or the one product the symbol is held under.
      const mine = (await this.o.tools.holdings(userId)).filter((h) => h.symbol === symbol);
      const held =
        mine.find((h) => h.product === (parsed.product ?? DEFAULT_PRODUCT)) ??
        (parsed.product ? undefined : mine[0]);
      if (held) heldProduct = held.product;
      if (!held) {
        return {
          intent: 'sell',
          response: `You don't hold any **${q.symbol}**, so there is nothing to sell.`,
          stockData: stockData(q),
          suggestions: ['Portfolio analysis', `Price of ${q.symbol}`],
          confidence: 'high',
        };
      }
      if (parsed.fraction) {
        quantity =
          parsed.fraction === 'all'
            ? held.quantity
            : Math.floor(held.quantity / (parsed.fraction === 'half' ? 2 : 4));
        notes.push(
          `You hold ${count(held.quantity)}; ${parsed.fraction === 'all' ? 'all of them' : `${parsed.fraction} is ${count(quantity)}`}.`,
        );
        if (quantity < 1)
          return {
            intent: 'sell',
            response: `You hold only ${count(held.quantity)} ${q.symbol}, so ${parsed.fraction} of it is less than one share.`,
            confidence: 'high',
          };
      }
    }
    if (quantity === undefined && parsed.amount !== undefined) {
      const at = parsed.orderType === 'LIMIT' && parsed.price ? parsed.price : q.price;
      quantity = Math.floor(parsed.amount / at);
      notes.push(
        `${inr(parsed.amount)} at ${money(q, at)} buys ${count(quantity)} share${quantity === 1 ? '' : 's'}.`,
      );
      if (quantity < 1)
        return {
          intent: parsed.intent,
          response: `${inr(parsed.amount)} is less than one share of **${q.symbol}** at ${money(q, at)}.`,
          stockData: stockData(q),
          confidence: 'high',
        };
    }
    const orderType = parsed.orderType ?? 'MARKET';
    const product = parsed.product ?? heldProduct ?? DEFAULT_PRODUCT;
    const params: SaytrixTradeParams = { symbol, orderType, product };
    if (quantity !== undefined) params.quantity = quantity;
    if (orderType === 'LIMIT' && parsed.price) params.price = parsed.price;
    if (orderType === 'STOP' && parsed.triggerPrice) params.triggerPrice = parsed.triggerPrice;
    const how =
      orderType === 'LIMIT'
        ? ` with a limit of ${money(q, params.price!)}`
        : orderType === 'STOP'
          ? ` with a stop trigger at ${money(q, params.triggerPrice!)}`
          : ' at market';
    const lines = [
      `Ready to **${verb} ${quantity !== undefined ? `${count(quantity)} ` : ''}${q.symbol}**${how}. ${q.symbol} is at ${money(q, q.price)} now.`,
      ...notes,
    ];
    if (quantity !== undefined && q.currency === 'INR') {
      const preview = await this.o.tools
        .feePreview(userId, {
          symbol,
          type: side,
          orderType,
          quantity,
          price: params.price,
          triggerPrice: params.triggerPrice,
          validity: 'DAY',
          product,
        })
        .catch((error: unknown) => {
          // An order rule refuses this order as asked: say which rule, with its numbers, instead
          // of failing the chat. The order dialog will show the same refusal and its fix.
          if (error instanceof AppError && error.statusCode < 500) return error;
          throw error;
        });
      if (preview instanceof AppError) {
        const rule = typeof preview.extra?.rule === 'string' ? preview.extra.rule : undefined;
        return {
          intent: parsed.intent,
          response: [
            ...lines,
            `⚠️ This order would be refused: ${preview.message}.`,
            ...(rule ? [rule] : []),
            this.asOf(q),
          ].join('\n\n'),
          action: side === 'BUY' ? 'buy_stock' : 'sell_stock',
          params,
          stockData: stockData(q),
          suggestions: [`${q.symbol} chart`, 'How much cash do I have?'],
          confidence: 'high',
        };
      }
      lines.push(
        side === 'BUY'
          ? `Estimated cost ${inr(preview.total)} (trade ${inr(preview.tradeValue)} + charges ${inr(preview.fees.total)}); you have ${inr(preview.availableCash)} available.`
          : `Estimated proceeds ${inr(preview.total)} (trade ${inr(preview.tradeValue)} − charges ${inr(preview.fees.total)}).`,
      );
      if (!preview.sufficient && preview.message) lines.push(`⚠️ ${preview.message}`);
      if (expert) lines.push(itemise(preview.fees));
    }
    lines.push(
      'Review it in the order dialog and confirm there — I never place orders myself.',
      this.asOf(q),
    );
    return {
      intent: parsed.intent,
      response: lines.join('\n\n'),
      action: side === 'BUY' ? 'buy_stock' : 'sell_stock',
      params,
      stockData: stockData(q),
      suggestions: [
        `Charges for ${verb}ing ${quantity ?? 1} ${q.symbol}`,
        `${q.symbol} chart`,
        'How much cash do I have?',
      ],
      confidence: parsed.fromContext ? 'medium' : 'high',
    };
  }

  private async watchlist({ userId, parsed }: Turn): Promise<Draft> {
    const adding = parsed.symbols.length > 0 || parsed.needsStock;
    if (adding) {
      if (!parsed.symbols.length) return askForStock(parsed, 'Which stock should I add to your watchlist?');
      const q = await this.o.tools.quote(parsed.symbols[0]!);
      const lists = await this.o.tools.watchlists(userId);
      const already = lists.find((l) => l.stocks.some((s) => s.symbol === q.symbol));
      if (already)
        return {
          intent: 'watchlist',
          response: `**${q.symbol}** is already on your watchlist “${already.name}”.`,
          stockData: stockData(q),
          confidence: 'high',
        };
      return {
        intent: 'watchlist',
        response: [
          `Add **${q.name} (${q.symbol})** to your watchlist? It is at ${money(q, q.price)} (${signedPct(q.changePercent)} today).`,
          this.asOf(q),
        ].join('\n\n'),
        action: 'add_watchlist',
        params: { symbol: q.symbol },
        stockData: stockData(q),
        suggestions: ['Show my watchlist', `${q.symbol} chart`],
      };
    }
    const lists = await this.o.tools.watchlists(userId);
    const symbols = [...new Set(lists.flatMap((l) => l.stocks.map((s) => s.symbol)))];
    if (!symbols.length)
      return {
        intent: 'watchlist',
        response: 'Your watchlist is empty. Try “add TCS to my watchlist”.',
        action: 'navigate',
        params: { path: '/watchlist' },
        suggestions: ['Add TCS to my watchlist'],
      };
    const quotes = await this.o.tools.quotes(symbols.slice(0, 10));
    const rows = quotes.map((q) => `- **${q.symbol}** ${money(q, q.price)} (${signedPct(q.changePercent)})`);
    return {
      intent: 'watchlist',
      response: [
        `Your watchlist (${count(symbols.length)} stock${symbols.length === 1 ? '' : 's'}):`,
        rows.join('\n'),
        quotes[0] ? this.asOf(quotes[0]) : '',
      ]
        .filter(Boolean)
        .join('\n\n'),
      action: 'navigate',
      params: { path: '/watchlist' },
      suggestions: quotes.slice(0, 3).map((q) => `Tell me about ${q.symbol}`),
    };
  }

  private async news({ parsed }: Turn): Promise<Draft> {
    const symbol = parsed.symbols[0];
    const source = this.o.tools.news;
    if (!source) {
      return {
        intent: 'news',
        response: `News is not available here yet, so I can't show ${symbol ? `headlines about ${symbol}` : 'market headlines'}. I won't make any up.`,
        suggestions: symbol
          ? [`Price of ${symbol}`, `${symbol} chart`]
          : ['Show me NIFTY performance', "What are today's top gainers?"],
        confidence: 'high',
      };
    }
    const items = await source.search(symbol ? { symbol, limit: 5 } : { limit: 5 });
    if (!items.length)
      return {
        intent: 'news',
        response: `No news${symbol ? ` about ${symbol}` : ''} in the news store right now.`,
        action: 'navigate',
        params: { path: '/news' },
      };
    const rows = items.map(
      (n) =>
        `- ${escapeMarkdownText(n.title)} — ${escapeMarkdownText(n.source)}, ${dateTimeIst(n.publishedAt)} IST`,
    );
    return {
      intent: 'news',
      response: [`**Latest${symbol ? ` on ${symbol}` : ' market news'}:**`, rows.join('\n')].join('\n\n'),
      action: 'navigate',
      params: { path: symbol ? `/news?search=${encodeURIComponent(symbol)}` : '/news' },
      suggestions: symbol ? [`Price of ${symbol}`, `${symbol} chart`] : ['Show me NIFTY performance'],
    };
  }

  private async explain({ userId, parsed, expert }: Turn): Promise<Draft> {
    const concept = parsed.concept!;
    if (concept === 'market-hours') {
      const status = this.o.tools.marketStatus('NSE');
      return {
        intent: 'explain',
        response: `The market is **${status.marketOpen ? 'open' : 'closed'}** now (${status.label}).${status.nextOpen && !status.marketOpen ? ` It opens next at ${dateTimeIst(status.nextOpen)} IST.` : ''}`,
        suggestions: ['Show me NIFTY performance', "What are today's top gainers?"],
      };
    }
    let quote: Quote | undefined;
    if (CONCEPTS_WITH_QUOTE.has(concept)) {
      const symbol = parsed.symbols[0] ?? (await this.o.tools.holdings(userId))[0]?.symbol ?? 'RELIANCE';
      quote = await this.o.tools.quote(symbol);
    }
    return {
      intent: 'explain',
      response: explain(concept, quote, this.o.tools.source, expert),
      ...(quote && parsed.symbols.length ? { stockData: stockData(quote) } : {}),
      suggestions: [
        'What are the charges for buying 10 Reliance?',
        'What is a limit order?',
        'What is STT?',
        'What is the price band?',
      ],
      confidence: 'high',
    };
  }

  private async fees({ userId, parsed, expert }: Turn): Promise<Draft> {
    const side = parsed.side ?? 'BUY';
    if (!parsed.symbols.length) {
      return {
        intent: 'fees',
        response: `Charges depend on the stock and quantity. Try “charges for buying 10 TCS”.\n\n${feeRules()
          .map((r) => `- ${r}`)
          .join('\n')}`,
        confidence: 'medium',
      };
    }
    const symbol = parsed.symbols[0]!;
    let quantity = parsed.quantity;
    const q = await this.o.tools.quote(symbol);
    if (quantity === undefined && parsed.amount !== undefined) quantity = Math.floor(parsed.amount / q.price);
    quantity ??= 1;
    if (quantity < 1)
      return {
        intent: 'fees',
        response: `${inr(parsed.amount!)} is less than one share of **${q.symbol}** at ${money(q, q.price)}.`,
        confidence: 'high',
      };
    const orderType = parsed.orderType === 'LIMIT' && parsed.price ? 'LIMIT' : 'MARKET';
    const preview = await this.o.tools.feePreview(userId, {
      symbol,
      type: side,
      orderType,
      quantity,
      price: orderType === 'LIMIT' ? parsed.price : undefined,
      validity: 'DAY',
      product: parsed.product ?? DEFAULT_PRODUCT,
    });
    const verb = side === 'BUY' ? 'Buying' : 'Selling';
    const lines = [
      `${verb} **${count(quantity)} ${q.symbol}** at ${inr(preview.price)} is a trade of ${inr(preview.tradeValue)}. Charges: **${inr(preview.fees.total)}**; ${side === 'BUY' ? 'total cost' : 'you receive'} **${inr(preview.total)}**.`,
      itemise(preview.fees),
    ];
    if (expert)
      lines.push(
        `**Fee schedule (${'intraday'}):**\n${feeRules()
          .map((r) => `- ${r}`)
          .join('\n')}`,
      );
    lines.push(this.asOf(q));
    return {
      intent: 'fees',
      response: lines.join('\n\n'),
      stockData: stockData(q),
      suggestions: [
        `${side === 'BUY' ? 'Buy' : 'Sell'} ${quantity} ${q.symbol}`,
        `Charges for ${side === 'BUY' ? 'selling' : 'buying'} ${quantity} ${q.symbol}`,
        'What is STT?',
      ],
    };
  }

  private async compare({ parsed, expert }: Turn): Promise<Draft> {
    const quotes = await this.o.tools.quotes(parsed.symbols.slice(0, 4));
    if (quotes.length < 2)
      return askForStock(parsed, 'Which two stocks? For example: “compare TCS and Infosys”.');
    const header = '| | ' + quotes.map((q) => `**${q.symbol}**`).join(' | ') + ' |';
    const sep = '|---|' + quotes.map(() => '---:').join('|') + '|';
    const row = (label: string, f: (q: Quote) => string) => `| ${label} | ${quotes.map(f).join(' | ')} |`;
    const rows = [
      row('Price', (q) => money(q, q.price)),
      row('Change today', (q) => `${signedMoney(q, q.change)} (${signedPct(q.changePercent)})`),
      row('Day range', (q) => `${money(q, q.dayLow)} – ${money(q, q.dayHigh)}`),
      row('Volume', (q) => count(q.volume)),
    ];
    if (expert) {
      rows.push(
        row('52-week range', (q) =>
          q.yearLow !== null && q.yearHigh !== null
            ? `${money(q, q.yearLow)} – ${money(q, q.yearHigh)}`
            : 'N/A',
        ),
      );
      rows.push(row('P/E', (q) => (q.pe === null ? 'N/A' : q.pe.toFixed(2))));
    }
    const leader = [...quotes].sort((a, b) => b.changePercent - a.changePercent)[0]!;
    return {
      intent: 'compare',
      response: [
        [header, sep, ...rows].join('\n'),
        `**${leader.symbol}** is ahead today (${signedPct(leader.changePercent)}).`,
        this.asOf(quotes[0]!),
      ].join('\n\n'),
      suggestions: quotes.map((q) => `${q.symbol} chart`).slice(0, 2),
    };
  }

  private async alert({ parsed }: Turn): Promise<Draft> {
    if (!parsed.symbols.length)
      return askForStock(
        parsed,
        'Which stock should the alert watch? For example: “alert me when Reliance goes above 3000”.',
      );
    const q = await this.o.tools.quote(parsed.symbols[0]!);
    if (parsed.alertPrice === undefined) {
      return {
        intent: 'alert',
        response: [
          `At what price? **${q.symbol}** is at ${money(q, q.price)} now. For example: “alert me when ${q.symbol} goes above …”.`,
          this.asOf(q),
        ].join('\n\n'),
        stockData: stockData(q),
        confidence: 'medium',
      };
    }
    const condition = parsed.condition ?? (parsed.alertPrice >= q.price ? 'above' : 'below');
    return {
      intent: 'alert',
      response: [
        `Set an alert when **${q.symbol}** goes ${condition} ${money(q, parsed.alertPrice)}? It is at ${money(q, q.price)} now.`,
        'Confirm it on the card.',
        this.asOf(q),
      ].join('\n\n'),
      action: 'set_alert',
      params: { symbol: q.symbol, condition, price: parsed.alertPrice },
      stockData: stockData(q),
      suggestions: [`Price of ${q.symbol}`, `${q.symbol} chart`],
      confidence: 'high',
    };
  }
}

function confidenceOf(p: Parsed): SaytrixReply['confidence'] {
  if (p.intent === 'unknown' || p.ambiguous || p.needsStock) return 'low';
  if (p.fuzzy || p.fromContext) return 'medium';
  return 'high';
}

function stockData(q: Quote): SaytrixStockData {
  return {
    symbol: q.symbol,
    name: q.name,
    price: q.price,
    change: q.change,
    changesPercentage: q.changesPercentage,
    volume: q.volume,
    dayHigh: q.dayHigh,
    dayLow: q.dayLow,
    previousClose: q.previousClose,
  };
}

function expertQuoteLines(q: Quote): string[] {
  const lines = [`Open ${money(q, q.open)}.`];
  if (q.yearLow !== null && q.yearHigh !== null)
    lines.push(`52-week range ${money(q, q.yearLow)} – ${money(q, q.yearHigh)}.`);
  if (q.pe !== null) lines.push(`P/E ${q.pe.toFixed(2)}.`);
  return [lines.join(' ')];
}

function itemise(fees: FeeBreakdownRupees): string {
  return FEE_LINES.map(({ key, label }) => `- ${label} ${inr(fees[key])}`).join('\n');
}

const round2 = (v: number) => Math.round(v * 100) / 100;
const weight = (h: Holding, total: number) => (total === 0 ? 0 : round2((h.currentValue / total) * 100));
const latest = (hs: Holding[]) =>
  hs
    .map((h) => h.lastUpdated)
    .sort()
    .at(-1);

function askForStock(parsed: Parsed, response: string): Draft {
  return {
    intent: parsed.intent,
    response,
    suggestions: ['Price of Reliance', 'TCS quote', 'Top gainers today'],
    confidence: 'low',
  };
}

function greeting(): Draft {
  return {
    intent: 'greeting',
    response:
      "Hello! I'm **Saytrix**. Ask me about prices, the market, your portfolio, cash, orders or charges — I answer from your account and live quotes.",
    suggestions: HELP_SUGGESTIONS,
    confidence: 'high',
  };
}

function help(): Draft {
  return {
    intent: 'help',
    response: [
      'I can answer from your account and the market:',
      '- **Prices**: “price of Reliance”, “how is NIFTY today”, “top gainers”',
      '- **Your money**: “how much cash do I have”, “portfolio analysis”, “my TCS position”, “show my orders”, “what did I buy last week”',
      '- **Charges**: “charges for buying 10 Infosys”, “what is STT”',
      '- **Actions** (you confirm each one): “buy 10 TCS”, “sell half my Infosys”, “add ITC to my watchlist”, “alert me when SBI goes above 900”',
      '- **Navigation**: “open portfolio”, “1 year chart of Tata Steel”',
    ].join('\n'),
    suggestions: HELP_SUGGESTIONS,
    confidence: 'high',
  };
}

function unknown(parsed: Parsed): Draft {
  if (parsed.tip) {
    return {
      intent: 'unknown',
      response:
        "I don't give tips, recommendations or predictions. I can show you the facts instead: live prices, charts, your position and what a trade would cost.",
      suggestions: parsed.symbols.length
        ? [`Price of ${parsed.symbols[0]}`, `${parsed.symbols[0]} chart`, `News about ${parsed.symbols[0]}`]
        : HELP_SUGGESTIONS,
      confidence: 'high',
    };
  }
  return {
    intent: 'unknown',
    response:
      "Sorry, that's outside what I can help with. I can answer about stock prices, the market, your portfolio, cash, orders and charges, and help you buy, sell or set alerts.",
    suggestions: HELP_SUGGESTIONS,
    confidence: 'low',
  };
}

function navigate(parsed: Parsed): Draft {
  const path = parsed.path!;
  const name =
    PAGE_NAMES[path] ?? (path.startsWith('/stock/') ? `the ${decodeURIComponent(path.slice(7))} page` : path);
  return {
    intent: 'navigate',
    response: `Opening ${name}.`,
    action: 'navigate',
    params: { path },
    confidence: 'high',
  };
}

function chart(parsed: Parsed): Draft {
  const symbol = parsed.symbols[0];
  const period = parsed.period ?? '1M';
  const type = parsed.chartType ?? 'line';
  if (!symbol)
    return {
      intent: 'chart',
      response: 'Opening Charts.',
      action: 'navigate',
      params: { path: '/charts' },
      confidence: 'medium',
    };
  const path = `/charts?symbol=${encodeURIComponent(symbol)}&period=${period}&type=${type}`;
  return {
    intent: 'chart',
    response: `Opening the ${period} ${type === 'candlestick' ? 'candlestick' : type} chart of **${symbol}**.`,
    action: 'navigate',
    params: { path },
    suggestions: [`Price of ${symbol}`, `${symbol} 1 year chart`, `News about ${symbol}`],
  };
}
