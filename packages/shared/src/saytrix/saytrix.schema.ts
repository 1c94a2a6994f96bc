import { z } from 'zod';
import { productSchema } from '../trading/product.js';
import { portfolioIdSchema, portfolioKindSchema } from '../portfolios/portfolio.schema.js';
import { replayIdQueryField } from '../market/market.schema.js';
import { lazySchema } from '../lib/lazy-schema.js';

/** Every intent the assistant can recognise; `unknown` is a polite out-of-scope reply. */
export const SAYTRIX_INTENTS = [
  'quote',
  'index',
  'movers',
  'portfolio',
  'holding',
  'cash',
  'orders',
  'transactions',
  'navigate',
  'buy',
  'sell',
  'watchlist',
  'news',
  'explain',
  'fees',
  'compare',
  'chart',
  'alert',
  'greeting',
  'help',
  'gtt',
  'journal',
  'habits',
  'leaderboard',
  'sectors',
  'why',
  /** NIFTY/BANKNIFTY options and futures on the simulated market: chain, a contract, expiries, lot, VIX. */
  'options',
  /** Too unsure to answer: a short clarifying question with the choices as suggestions. */
  'clarify',
  'unknown',
] as const;
export const saytrixIntentSchema = lazySchema(() => z.enum(SAYTRIX_INTENTS));
export type SaytrixIntent = z.infer<typeof saytrixIntentSchema>;

export const SAYTRIX_ACTIONS = [
  'navigate',
  'search_stock',
  'buy_stock',
  'sell_stock',
  'show_portfolio',
  'add_watchlist',
  'set_alert',
  'cancel_order',
  'modify_order',
  'remove_watchlist',
  'modify_alert',
  'delete_alert',
  'create_gtt',
  'modify_gtt',
  'delete_gtt',
  'add_journal_note',
] as const;
export const saytrixActionSchema = lazySchema(() => z.enum(SAYTRIX_ACTIONS));
export type SaytrixAction = z.infer<typeof saytrixActionSchema>;

export const SAYTRIX_MESSAGE_MAX = 500;

// No shared safe-string helper exists yet: refuse NUL and lone UTF-16 surrogates here.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const safeText = (value: string) => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

export const saytrixChatRequestSchema = lazySchema(() =>
  z.object({
    message: z
      .string({ error: 'Message is required' })
      .trim()
      .min(1, 'Message cannot be empty')
      .max(SAYTRIX_MESSAGE_MAX, `Message must be at most ${SAYTRIX_MESSAGE_MAX} characters`)
      .refine(safeText, 'Message contains characters that are not allowed'),
    sessionId: z
      .string()
      .trim()
      .min(1, 'Session id cannot be empty')
      .max(100, 'Session id must be at most 100 characters')
      .regex(/^[A-Za-z0-9_-]+$/, 'Session id may contain only letters, digits, _ and -')
      .optional(),
    mode: z.enum(['casual', 'expert']).optional(),
    source: z.enum(['text', 'voice']).optional(),
    /**
     * The portfolio the answers and proposals are about (main when omitted); another user's is a 404.
     * A replay's portfolio only together with its `replayId`.
     */
    portfolioId: portfolioIdSchema.optional(),
    /** Inside a replay: its market at the replay clock and its portfolio (blind: stand-in names only). */
    replayId: replayIdQueryField,
  }),
);
export type SaytrixChatRequest = z.infer<typeof saytrixChatRequestSchema>;
export type SaytrixMode = NonNullable<SaytrixChatRequest['mode']>;

export const saytrixStockDataSchema = lazySchema(() =>
  z.object({
    symbol: z.string(),
    name: z.string(),
    price: z.number(),
    change: z.number(),
    changesPercentage: z.number(),
    volume: z.number(),
    dayHigh: z.number(),
    dayLow: z.number(),
    previousClose: z.number(),
  }),
);
export type SaytrixStockData = z.infer<typeof saytrixStockDataSchema>;

export const saytrixOrderTypeSchema = lazySchema(() => z.enum(['MARKET', 'LIMIT', 'STOP']));

/** The params of each action; `symbol` is always the canonical NSE symbol. */
export const saytrixNavigateParamsSchema = lazySchema(() => z.object({ path: z.string() }));
export const saytrixSearchParamsSchema = lazySchema(() => z.object({ query: z.string() }));
export const saytrixTradeParamsSchema = lazySchema(() =>
  z.object({
    symbol: z.string(),
    quantity: z.number().int().positive().optional(),
    orderType: saytrixOrderTypeSchema.optional(),
    price: z.number().positive().optional(),
    triggerPrice: z.number().positive().optional(),
    /** CNC unless the request asked for intraday (MIS). */
    product: productSchema.optional(),
    /** The portfolio the order goes into (absent: main); a replay's with its replayId. */
    portfolioId: z.string().optional(),
    replayId: z.string().optional(),
  }),
);
export type SaytrixTradeParams = z.infer<typeof saytrixTradeParamsSchema>;
export const saytrixWatchlistParamsSchema = lazySchema(() => z.object({ symbol: z.string() }));
export const saytrixAlertParamsSchema = lazySchema(() =>
  z.object({
    symbol: z.string(),
    condition: z.enum(['above', 'below']),
    price: z.number().positive(),
  }),
);
export type SaytrixAlertParams = z.infer<typeof saytrixAlertParamsSchema>;

const sideField = lazySchema(() => z.enum(['BUY', 'SELL']));
/** Cancel one resting order (DELETE /api/orders/:id once confirmed). */
export const saytrixCancelOrderParamsSchema = lazySchema(() =>
  z.object({
    orderId: z.string(),
    symbol: z.string(),
    side: sideField,
    quantity: z.number().int().positive(),
    /** The portfolio the order is in (absent: main); a replay's with its replayId. */
    portfolioId: z.string().optional(),
    replayId: z.string().optional(),
  }),
);
/** Change a resting order (PATCH /api/orders/:id); `from` is what it was, shown on the card. */
export const saytrixModifyOrderParamsSchema = lazySchema(() =>
  z.object({
    orderId: z.string(),
    portfolioId: z.string().optional(),
    replayId: z.string().optional(),
    symbol: z.string(),
    side: sideField,
    quantity: z.number().int().positive().optional(),
    price: z.number().positive().optional(),
    triggerPrice: z.number().positive().optional(),
    from: z.object({
      quantity: z.number().int().positive(),
      price: z.number().positive().optional(),
      triggerPrice: z.number().positive().optional(),
    }),
  }),
);
export const saytrixRemoveWatchlistParamsSchema = saytrixWatchlistParamsSchema;
/** Change an alert's level or direction (PATCH /api/alerts/:id). */
export const saytrixModifyAlertParamsSchema = lazySchema(() =>
  saytrixAlertParamsSchema.extend({
    alertId: z.string(),
    from: z.object({ condition: z.enum(['above', 'below']), price: z.number().positive() }),
  }),
);
/** Delete an alert (DELETE /api/alerts/:id). */
export const saytrixDeleteAlertParamsSchema = lazySchema(() =>
  saytrixAlertParamsSchema.extend({ alertId: z.string() }),
);
/** A single-leg GTT (POST /api/gtt). */
export const saytrixCreateGttParamsSchema = lazySchema(() =>
  z.object({
    symbol: z.string(),
    side: sideField,
    quantity: z.number().int().positive(),
    triggerPrice: z.number().positive(),
    limitPrice: z.number().positive(),
    product: productSchema.optional(),
  }),
);
/**
 * Change an active single-leg GTT's quantity and/or level (PATCH /api/gtt/:id); `from` is what it
 * was, shown on the card. The new leg keeps the trigger-to-limit gap the GTT had.
 */
export const saytrixModifyGttParamsSchema = lazySchema(() =>
  z.object({
    gttId: z.string(),
    symbol: z.string(),
    side: sideField,
    quantity: z.number().int().positive(),
    triggerPrice: z.number().positive(),
    limitPrice: z.number().positive(),
    from: z.object({
      quantity: z.number().int().positive(),
      triggerPrice: z.number().positive(),
      limitPrice: z.number().positive(),
    }),
  }),
);
/** Delete a GTT (DELETE /api/gtt/:id). */
export const saytrixDeleteGttParamsSchema = lazySchema(() =>
  z.object({
    gttId: z.string(),
    symbol: z.string(),
    side: sideField,
    quantity: z.number().int().positive(),
  }),
);
/** A journal entry made from one fill with the user's note (POST /api/trades with fillId). */
export const saytrixJournalNoteParamsSchema = lazySchema(() =>
  z.object({
    fillId: z.string(),
    symbol: z.string(),
    side: sideField,
    quantity: z.number().int().positive(),
    price: z.number().positive(),
    note: z.string().min(1).max(2000),
  }),
);

/**
 * A headline as data: the client renders title and source as plain text (never markdown), and
 * the link only when it is http(s).
 */
export const saytrixHeadlineSchema = lazySchema(() =>
  z.object({
    title: z.string(),
    source: z.string(),
    url: z.string().optional(),
    publishedAt: z.string(),
    symbols: z.array(z.string()),
  }),
);
export type SaytrixHeadline = z.infer<typeof saytrixHeadlineSchema>;

export const saytrixConfidenceSchema = lazySchema(() => z.enum(['high', 'medium', 'low']));
export type SaytrixConfidence = z.infer<typeof saytrixConfidenceSchema>;

/** What a reply is about when it is not Main: a custom portfolio, or a replay's market and portfolio. */
export const saytrixScopeSchema = lazySchema(() =>
  z.object({
    portfolioId: z.string(),
    /** The portfolio's name ("Swing ideas"; "Blind replay"). */
    name: z.string(),
    kind: portfolioKindSchema,
    replayId: z.string().optional(),
    blind: z.boolean().optional(),
    /** A finished replay: its portfolio is read-only. */
    finished: z.boolean().optional(),
  }),
);
export type SaytrixScope = z.infer<typeof saytrixScopeSchema>;

export const saytrixReplySchema = lazySchema(() =>
  z.object({
    response: z.string(),
    intent: saytrixIntentSchema,
    suggestions: z.array(z.string()).max(4),
    stockData: saytrixStockDataSchema.optional(),
    action: saytrixActionSchema.optional(),
    params: z.record(z.string(), z.unknown()).optional(),
    confidence: saytrixConfidenceSchema,
    /** Headlines as data (news, "why did X move"); never also inside `response` as markdown. */
    headlines: z.array(saytrixHeadlineSchema).max(10).optional(),
    /** What a follow-up took from the previous turn, shown on the card ("Quantity 5 → 10"). */
    context: z.string().max(200).optional(),
    /** The portfolio (and replay) the answer is about; absent for main. */
    scope: saytrixScopeSchema.optional(),
  }),
);
export type SaytrixReply = z.infer<typeof saytrixReplySchema>;

export const saytrixChatResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: saytrixReplySchema }),
);
export type SaytrixChatResponse = z.infer<typeof saytrixChatResponseSchema>;

/** A stored turn, so a reload shows the conversation. */
export const saytrixMessageSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    role: z.enum(['user', 'assistant']),
    content: z.string(),
    createdAt: z.string(),
    source: z.enum(['text', 'voice']).nullable(),
    reply: saytrixReplySchema.nullable(),
  }),
);
export type SaytrixMessage = z.infer<typeof saytrixMessageSchema>;
export const saytrixSessionParamsSchema = lazySchema(() =>
  z.object({
    sessionId: saytrixChatRequestSchema.shape.sessionId.unwrap(),
  }),
);
export const saytrixHistoryResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.object({ sessionId: z.string(), messages: z.array(saytrixMessageSchema) }),
  }),
);
export type SaytrixHistoryResponse = z.infer<typeof saytrixHistoryResponseSchema>;
