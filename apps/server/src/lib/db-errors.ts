/** The SQLSTATE of a PostgreSQL error, also when a driver or ORM wraps it as `cause`. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 10; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True for PostgreSQL's unique_violation (23505), also when a driver or ORM wraps it as `cause`. */
export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === '23505';
}

/**
 * Data errors caused by what the caller sent, never by a fault of ours: a NUL in text (22021),
 * untranslatable characters such as NUL in jsonb (22P05), text that is not the column's type
 * (22P02), a number out of range (22003), a date/time out of range (22008), and a row that breaks
 * a CHECK constraint (23514): every check guards a rule about the values a caller sends.
 */
const BAD_INPUT_CODES = new Set(['22021', '22P05', '22P02', '22003', '22008', '23514']);

export function isBadInputDataError(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code !== undefined && BAD_INPUT_CODES.has(code);
}

/**
 * Codes of a connection the server ended or lost: admin_shutdown (57P01, pg_terminate_backend or a
 * fast shutdown), crash_shutdown (57P02), cannot_connect_now (57P03) and the connection_exception
 * class (08xxx).
 */
const LOST_CONNECTION_CODES = new Set(['57P01', '57P02', '57P03']);
const LOST_CONNECTION_MESSAGE =
  /Connection terminated|not queryable|ECONNRESET|EPIPE|ECONNREFUSED|terminating connection/i;

/** True when a query failed because its connection went away, not because of the query. */
export function isLostConnection(error: unknown): boolean {
  const code = pgErrorCode(error);
  if (code !== undefined) return LOST_CONNECTION_CODES.has(code) || code.startsWith('08');
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 10; depth++) {
    const { message, code: sysCode } = current as { message?: unknown; code?: unknown };
    if (typeof message === 'string' && LOST_CONNECTION_MESSAGE.test(message)) return true;
    if (typeof sysCode === 'string' && LOST_CONNECTION_MESSAGE.test(sysCode)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs a read again when its connection was lost, up to three more times: when the database drops
 * every backend at once, the pool may still hold other dead idle connections it has not yet seen
 * close, so one retry can meet another of them. A short pause lets the pool take in their 'error'
 * events and open a fresh connection. Only for statements that are safe to repeat.
 */
export async function retryOnLostConnection<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= 3 || !isLostConnection(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * (attempt + 1)));
    }
  }
}
