/**
 * The database fast paths domain code calls: a transaction that sends its locks with BEGIN and its
 * last write with COMMIT, and lock queries rendered once per process. The code behind them uses
 * private internals of drizzle-orm and pg (versions pinned exactly in apps/server/package.json;
 * test/contracts/private-internals.test.ts names the file to revisit when an upgrade changes one),
 * and nothing outside this folder may.
 */
export {
  isPipelined,
  pipelinedTransaction,
  runNamed,
  type NamedStatement,
  type RunLast,
} from './pipelined-transaction.js';
export { reusedStatement } from './reused-statement.js';
