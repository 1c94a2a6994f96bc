/** The market-data timeout: a stuck upstream must not hold a request (or a socket) forever. */
export const DEFAULT_TIMEOUT_MS = 10_000;

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export type HttpJsonErrorKind = 'status' | 'timeout' | 'network' | 'parse';

/** What went wrong talking to an upstream; providers translate it into a MarketDataError. */
export class HttpJsonError extends Error {
  constructor(
    message: string,
    readonly kind: HttpJsonErrorKind,
    readonly url: string,
    readonly status?: number,
    /** The parsed error body, so a provider can recognise upstream error envelopes. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface HttpJsonOptions {
  fetch?: FetchLike;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

/** API keys travel in query strings; they must never reach logs or error messages. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:apikey|api_key|token)=)[^&]*/gi, '$1***');
}

export function buildUrl(
  baseUrl: string,
  path: string,
  query: Record<string, string | number | undefined> = {},
): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * GET a JSON document. The timeout covers the body as well as the headers, because a server
 * that sends headers and then stalls is as stuck as one that never answers.
 */
export async function getJson(url: string, options: HttpJsonOptions = {}): Promise<unknown> {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const safeUrl = redactUrl(url);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, {
        method: 'GET',
        headers: { accept: 'application/json', ...options.headers },
        signal: controller.signal,
      });
      text = await response.text();
    } catch (error) {
      if (controller.signal.aborted) {
        throw new HttpJsonError(`Timed out after ${timeoutMs} ms`, 'timeout', safeUrl);
      }
      throw new HttpJsonError(`Request failed: ${(error as Error).message}`, 'network', safeUrl);
    }
    if (!response.ok) {
      throw new HttpJsonError(
        `HTTP ${response.status}`,
        'status',
        safeUrl,
        response.status,
        text.length <= 20_000 ? parseBody(text) : undefined,
      );
    }
    const body = parseBody(text);
    if (body === undefined) throw new HttpJsonError('Body is not JSON', 'parse', safeUrl, response.status);
    return body;
  } finally {
    clearTimeout(timer);
  }
}
