/*
 * Every table, for drizzle (the query builder's schema object and drizzle-kit). Each module's
 * tables live in db/schema/<module>.ts, and a module imports its own file, not this one: see the
 * schemaZones in eslint.config.js.
 */
export * from './schema/users.js';
export * from './schema/auth.js';
export * from './schema/portfolios.js';
export * from './schema/ledger.js';
export * from './schema/orders.js';
export * from './schema/portfolio.js';
export * from './schema/contact.js';
export * from './schema/notifications.js';
export * from './schema/watchlists.js';
export * from './schema/journal.js';
export * from './schema/market.js';
export * from './schema/alerts.js';
export * from './schema/news.js';
export * from './schema/saytrix.js';
export * from './schema/leaderboard.js';
export * from './schema/jobs.js';
export * from './schema/gtt.js';
export * from './schema/replay.js';
export * from './schema/classes.js';
export * from './schema/class-assignments.js';
export * from './schema/agent.js';
export * from './schema/options.js';
export * from './schema/realtime.js';
