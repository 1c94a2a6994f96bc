import { sql } from 'drizzle-orm';
import {
  foreignKey,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NotificationSettings, Preferences, RefusalDetail, SecuritySettings } from '@nivesh/shared';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    fullName: text('full_name').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    location: text('location').notNull().default(''),
    bio: text('bio').notNull(),
    avatar: text('avatar'),
    role: text('role').notNull().default('Member'),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    totpSecretEnc: text('totp_secret_enc'),
    totpPendingSecretEnc: text('totp_pending_secret_enc'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** Highest TOTP time step accepted so far: a code at or below it is a replay. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    notificationSettings: jsonb('notification_settings').$type<NotificationSettings>().notNull(),
    securitySettings: jsonb('security_settings').$type<SecuritySettings>().notNull(),
    preferences: jsonb('preferences').$type<Preferences>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** A correct password for a 2FA user opens a 5-minute window for the code step. */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull().default(false),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('two_factor_challenges_user_idx').on(t.userId)],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash)],
);

/** Failed-login counters per account and per IP, shared by every instance through the database. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});

export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** One-time code the SPA exchanges for a session after Google sign-in (60 s, single use). */
export const oauthLoginCodes = pgTable('oauth_login_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  isNewUser: boolean('is_new_user').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const cashAccounts = pgTable(
  'cash_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balancePaise: bigint('balance_paise', { mode: 'bigint' }).notNull(),
    reservedPaise: bigint('reserved_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cash_accounts_balance_non_negative', sql`${t.balancePaise} >= 0`),
    check(
      'cash_accounts_reserved_within_balance',
      sql`${t.reservedPaise} >= 0 AND ${t.reservedPaise} <= ${t.balancePaise}`,
    ),
  ],
);

/** Immutable: every cash movement is one row, and balance_after is the running balance. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    balanceAfterPaise: bigint('balance_after_paise', { mode: 'bigint' }).notNull(),
    description: text('description').notNull(),
    /** The order a trade or fee entry belongs to; null for bonuses and the opening balance. */
    orderId: uuid('order_id'),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_entries_user_idx').on(t.userId, t.id)],
);

/**
 * One row per placement. (user_id, client_order_id) is unique, so a retried request finds the
 * first order instead of making a second one. Money columns are integer paise.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientOrderId: text('client_order_id').notNull(),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    side: text('side').notNull(),
    orderType: text('order_type').notNull(),
    quantity: integer('quantity').notNull(),
    limitPricePaise: bigint('limit_price_paise', { mode: 'bigint' }),
    /** STOP orders fire when the market reaches this price (BUY: at or above, SELL: at or below). */
    triggerPricePaise: bigint('trigger_price_paise', { mode: 'bigint' }),
    validity: text('validity').notNull().default('DAY'),
    status: text('status').notNull(),
    /** Why it was rejected, cancelled or expired, shown to the user. */
    statusReason: text('status_reason'),
    /** A placement refused by an order rule: its stable code, the rule in words and the one-click fix. */
    refusal: jsonb('refusal').$type<RefusalDetail>(),
    /** End of the session a DAY order belongs to; the matcher expires resting orders past it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    executionPricePaise: bigint('execution_price_paise', { mode: 'bigint' }),
    /** price × quantity of the fill; on a refused market order, quantity × the market price it was refused at. */
    tradeValuePaise: bigint('trade_value_paise', { mode: 'bigint' }),
    feesPaise: bigint('fees_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Cash moved by the fill: value + fees on a buy, value − fees on a sell. */
    totalPaise: bigint('total_paise', { mode: 'bigint' }),
    realizedPnlPaise: bigint('realized_pnl_paise', { mode: 'bigint' }),
    /** Cash (buy) or shares (sell) held back while a LIMIT order rests. */
    reservedPaise: bigint('reserved_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    reservedQuantity: integer('reserved_quantity').notNull().default(0),
    cancelReason: text('cancel_reason'),
    /**
     * The placement request as first received (orders.rules `requestFingerprint`). A retry is
     * matched against this, not the current columns, which PATCH may have changed since. Null on
     * orders placed before the column existed.
     */
    requestFingerprint: text('request_fingerprint'),
    createdAt: createdAt(),
    executedAt: timestamp('executed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_user_client_order_key').on(t.userId, t.clientOrderId),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // The matcher scans only resting orders, so the index holds only them.
    index('orders_resting_idx')
      .on(t.symbol)
      .where(sql`${t.status} in ('PENDING', 'OPEN')`),
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check('orders_reserved_non_negative', sql`${t.reservedPaise} >= 0 AND ${t.reservedQuantity} >= 0`),
  ],
);

/** An execution of (part of) an order, with its contract-note fee lines. */
export const fills = pgTable(
  'fills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    side: text('side').notNull(),
    quantity: integer('quantity').notNull(),
    pricePaise: bigint('price_paise', { mode: 'bigint' }).notNull(),
    valuePaise: bigint('value_paise', { mode: 'bigint' }).notNull(),
    brokeragePaise: bigint('brokerage_paise', { mode: 'bigint' }).notNull(),
    exchangeChargePaise: bigint('exchange_charge_paise', { mode: 'bigint' }).notNull(),
    sttPaise: bigint('stt_paise', { mode: 'bigint' }).notNull(),
    gstPaise: bigint('gst_paise', { mode: 'bigint' }).notNull(),
    sebiFeePaise: bigint('sebi_fee_paise', { mode: 'bigint' }).notNull(),
    stampDutyPaise: bigint('stamp_duty_paise', { mode: 'bigint' }).notNull(),
    feesPaise: bigint('fees_paise', { mode: 'bigint' }).notNull(),
    realizedPnlPaise: bigint('realized_pnl_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    index('fills_order_idx').on(t.orderId),
    index('fills_user_symbol_idx').on(t.userId, t.symbol),
    check('fills_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** What a user holds of one symbol; the row stays at quantity 0 to keep its realized P&L. */
export const positions = pgTable(
  'positions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    quantity: integer('quantity').notNull().default(0),
    reservedQuantity: integer('reserved_quantity').notNull().default(0),
    /** What the held shares cost, buy fees included, so avgPrice = cost / quantity includes fees. */
    costBasisPaise: bigint('cost_basis_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    realizedPnlPaise: bigint('realized_pnl_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.symbol] }),
    check('positions_quantity_non_negative', sql`${t.quantity} >= 0`),
    check(
      'positions_reserved_within_quantity',
      sql`${t.reservedQuantity} >= 0 AND ${t.reservedQuantity} <= ${t.quantity}`,
    ),
    check('positions_cost_non_negative', sql`${t.costBasisPaise} >= 0`),
  ],
);

/** One row per user once they first claim; the IST date makes "once per day" a row-lock check. */
export const dailyRewards = pgTable('daily_rewards', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** IST calendar date of the last claim. */
  lastClaimDate: date('last_claim_date', { mode: 'string' }).notNull(),
  streak: integer('streak').notNull(),
  totalRewardsPaise: bigint('total_rewards_paise', { mode: 'bigint' }).notNull(),
  lastClaimedAt: timestamp('last_claimed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Portfolio value at the end of each IST day (cash + holdings at that day's close). */
export const equitySnapshots = pgTable(
  'equity_snapshots',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    equityPaise: bigint('equity_paise', { mode: 'bigint' }).notNull(),
    cashPaise: bigint('cash_paise', { mode: 'bigint' }).notNull(),
    holdingsPaise: bigint('holdings_paise', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  ip: text('ip').notNull().default(''),
  createdAt: createdAt(),
});

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

export const watchlists = pgTable(
  'watchlists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('watchlists_user_name_key').on(t.userId, sql`lower(${t.name})`),
    // At most one default list per user, so concurrent first visits cannot create two.
    uniqueIndex('watchlists_user_default_key')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export const watchlistItems = pgTable(
  'watchlist_items',
  {
    watchlistId: uuid('watchlist_id')
      .notNull()
      .references(() => watchlists.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.watchlistId, t.symbol] })],
);

/**
 * The trade journal (/trades). Prices are in minor units of the entry's currency (paise, or cents
 * for US tickers). A linked fill supplies the ledger's P&L; it is set null if the fill goes (an
 * account reset deletes orders and their fills), and one fill is journaled at most once.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticker: text('ticker').notNull(),
    currency: text('currency').notNull().default('INR'),
    quantity: integer('quantity').notNull(),
    priceMinor: bigint('price_minor', { mode: 'bigint' }).notNull(),
    type: text('type').notNull(),
    fillId: uuid('fill_id').references(() => fills.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    setup: text('setup'),
    stopMinor: bigint('stop_minor', { mode: 'bigint' }),
    targetMinor: bigint('target_minor', { mode: 'bigint' }),
    confidence: smallint('confidence'),
    review: text('review').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('journal_entries_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('journal_entries_fill_key')
      .on(t.fillId)
      .where(sql`${t.fillId} IS NOT NULL`),
    check('journal_entries_quantity_positive', sql`${t.quantity} > 0`),
    check('journal_entries_price_positive', sql`${t.priceMinor} > 0`),
    check('journal_entries_stop_positive', sql`${t.stopMinor} IS NULL OR ${t.stopMinor} > 0`),
    check('journal_entries_target_positive', sql`${t.targetMinor} IS NULL OR ${t.targetMinor} > 0`),
    check('journal_entries_type', sql`${t.type} in ('BUY', 'SELL')`),
    check(
      'journal_entries_confidence_range',
      sql`${t.confidence} IS NULL OR ${t.confidence} BETWEEN 1 AND 5`,
    ),
  ],
);

/** Server-wide values every instance shares (the market seed); never sent to a client. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * A user's price alert. `levelHundredths` is the level in hundredths of the watched unit: paise for
 * a price, hundredths of a percent for the day's change, hundredths of a share for the day's volume.
 * `armedAt` is the market time from which the alert watches (creation, an edit, a resume): a crossing
 * before it never fires it.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    watch: text('watch').notNull(),
    condition: text('condition').notNull(),
    levelHundredths: bigint('level_hundredths', { mode: 'bigint' }).notNull(),
    frequency: text('frequency').notNull(),
    cooldownSeconds: integer('cooldown_seconds').notNull(),
    note: text('note'),
    status: text('status').notNull(),
    statusReason: text('status_reason'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    armedAt: timestamp('armed_at', { withTimezone: true }).notNull(),
    lastFiredAt: timestamp('last_fired_at', { withTimezone: true }),
    fireCount: integer('fire_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('price_alerts_user_created_idx').on(t.userId, t.createdAt),
    // The evaluator scans only active alerts.
    index('price_alerts_active_idx')
      .on(t.symbol)
      .where(sql`${t.status} = 'ACTIVE'`),
  ],
);

/** Each time an alert fired: when (the tick's market time) and the value it saw. */
export const priceAlertFirings = pgTable(
  'price_alert_firings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => priceAlerts.id, { onDelete: 'cascade' }),
    firedAt: timestamp('fired_at', { withTimezone: true }).notNull(),
    valueHundredths: bigint('value_hundredths', { mode: 'bigint' }).notNull(),
    pricePaise: bigint('price_paise', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('price_alert_firings_alert_fired_idx').on(t.alertId, t.firedAt)],
);

/** News from the three sources (archive, feeds, market desk); `dedupe_key` keeps each item once across instances. */
export const newsArticles = pgTable(
  'news_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: the search index catches up by reading rows past the last one it saw. */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    origin: text('origin').notNull(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    content: text('content'),
    figures: jsonb('figures')
      .$type<{ symbol: string; label: string; value: string }[]>()
      .notNull()
      .default([]),
    category: text('category').notNull(),
    source: text('source').notNull(),
    author: text('author'),
    url: text('url'),
    imageUrl: text('image_url'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    symbols: text('symbols')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tone: text('tone').notNull(),
    toneWords: text('tone_words')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index('news_articles_published_idx').on(t.publishedAt),
    check('news_articles_origin_check', sql`${t.origin} in ('archive', 'feed', 'desk')`),
  ],
);

export const newsBookmarks = pgTable(
  'news_bookmarks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    articleId: uuid('article_id')
      .notNull()
      .references(() => newsArticles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.articleId] }),
    index('news_bookmarks_article_idx').on(t.articleId),
  ],
);

/** One row per reader and article, with the latest read: "most read this week" counts readers. */
export const newsReads = pgTable(
  'news_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    articleId: uuid('article_id')
      .notNull()
      .references(() => newsArticles.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.articleId] }), index('news_reads_article_idx').on(t.articleId)],
);

/** Per configured feed: failures so far and when it may be polled again (back-off). */
export const newsFeedState = pgTable('news_feed_state', {
  url: text('url').primaryKey(),
  failures: integer('failures').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/** A Saytrix conversation: its id is the client's, scoped by user; `context` carries the last turn's subject. */
export const saytrixSessions = pgTable(
  'saytrix_sessions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] })],
);

export const saytrixMessages = pgTable(
  'saytrix_messages',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    sessionId: text('session_id').notNull(),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    source: text('source').$type<'text' | 'voice'>(),
    reply: jsonb('reply').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'saytrix_messages_session_fk',
      columns: [t.userId, t.sessionId],
      foreignColumns: [saytrixSessions.userId, saytrixSessions.id],
    }).onDelete('cascade'),
    index('saytrix_messages_session_idx').on(t.userId, t.sessionId, t.id),
  ],
);

/**
 * Who takes part in the leaderboard, under a display name (never the e-mail). The join-day
 * baseline (equity, and the flows and trades of that day before joining) lets the first day's
 * return count only from the moment of joining.
 */
export const leaderboardPlayers = pgTable(
  'leaderboard_players',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    /** Lower-cased display name: two players cannot differ only by case. */
    displayNameKey: text('display_name_key').notNull(),
    showHoldings: boolean('show_holdings').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    joinEquityPaise: bigint('join_equity_paise', { mode: 'bigint' }).notNull(),
    joinFlowPaise: bigint('join_flow_paise', { mode: 'bigint' }).notNull().default(0n),
    joinTrades: integer('join_trades').notNull().default(0),
    /** Any trade before joining already makes the player eligible; the season counts only later ones. */
    tradedBeforeJoin: boolean('traded_before_join').notNull().default(false),
  },
  (t) => [uniqueIndex('leaderboard_players_name_key').on(t.displayNameKey)],
);

/**
 * A player's equity per IST day since joining (end of day; today's is the latest seen), with the
 * outside cash that came in that day (rewards, and a reset's jump to the opening balance) and the
 * trades made. `carried_*` keep what a reset wiped from the trading history of that day.
 */
export const leaderboardDays = pgTable(
  'leaderboard_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    equityPaise: bigint('equity_paise', { mode: 'bigint' }).notNull(),
    flowPaise: bigint('flow_paise', { mode: 'bigint' }).notNull().default(0n),
    trades: integer('trades').notNull().default(0),
    carriedFlowPaise: bigint('carried_flow_paise', { mode: 'bigint' }).notNull().default(0n),
    carriedTrades: integer('carried_trades').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('leaderboard_days_day_idx').on(t.day)],
);
