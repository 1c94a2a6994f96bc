import { errorResponseSchema, refusalDetailSchema, type RefusalDetail } from '@nivesh/shared';
import type { z } from 'zod';
import { clearSession, storage } from './storage';
import { downloadFile } from './download-file';

export const SERVICE_UNAVAILABLE_MESSAGE = 'Service temporarily unavailable. Please try again later.';
export const NETWORK_ERROR_MESSAGE = 'Network error. Please try again.';
const REQUEST_TIMEOUT_MS = 30_000;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Record<string, string>;
  /** An order refusal's rule and one-click fix, when the server sent them. */
  readonly refusal: RefusalDetail | null;

  constructor(
    message: string,
    status: number,
    code: string,
    fieldErrors: Record<string, string> = {},
    refusal: RefusalDetail | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.refusal = refusal;
  }

  get isNetworkError(): boolean {
    return this.code === 'NETWORK_ERROR';
  }
}

type Navigator = (to: string) => void;
let navigate: Navigator = (to) => window.location.assign(to);
const sessionExpiredListeners = new Set<() => void>();

/** The router registers itself so a forced sign-out does not reload the page. */
export function setNavigator(next: Navigator): void {
  navigate = next;
}

export function goTo(to: string): void {
  navigate(to);
}

export function onSessionExpired(listener: () => void): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

/** Signs out and goes to /login; exported for the one call that cannot go through apiRequest (a stream). */
export function handleSessionExpired(): void {
  clearSession();
  for (const listener of sessionExpiredListeners) listener();
  const path = window.location.pathname;
  if (path !== '/login' && path !== '/signup') navigate('/login?reason=session_expired');
}

export interface RequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: unknown;
  schema: S;
  /**
   * Calls whose 401 means "wrong credentials" rather than "session gone" (login, signup,
   * 2FA at login, forgot/reset, change password) must not sign the user out.
   */
  skipSessionExpiry?: boolean;
  signal?: AbortSignal;
}

export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S>,
): Promise<z.infer<S>> {
  const { method = 'GET', body, schema, skipSessionExpiry = false } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = storage.get('token');
  if (token) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort());

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'NETWORK_ERROR');
  } finally {
    clearTimeout(timer);
  }

  if (response.status >= 500) {
    throw new ApiError(SERVICE_UNAVAILABLE_MESSAGE, response.status, 'SERVICE_UNAVAILABLE');
  }

  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }

  if (!response.ok) {
    if (response.status === 401 && !skipSessionExpiry) handleSessionExpired();
    const parsed = errorResponseSchema.safeParse(payload);
    if (parsed.success) {
      const refusal = refusalDetailSchema.safeParse(payload);
      throw new ApiError(
        parsed.data.message,
        response.status,
        parsed.data.code,
        parsed.data.errors ?? {},
        refusal.success ? refusal.data : null,
      );
    }
    throw new ApiError(response.statusText || 'Request failed', response.status, 'UNKNOWN');
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    // A response that breaks the shared contract is a server fault from the user's point of view.
    throw new ApiError(SERVICE_UNAVAILABLE_MESSAGE, response.status, 'INVALID_RESPONSE');
  }
  return parsed.data;
}

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}

/**
 * Fetches a file the server builds (CSV exports) with the bearer header, and hands it to the
 * browser as a download; a plain link could not carry the token.
 */
export async function apiDownload(path: string, fallbackName: string): Promise<void> {
  const token = storage.get('token');
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'NETWORK_ERROR');
  }
  if (response.status >= 500)
    throw new ApiError(SERVICE_UNAVAILABLE_MESSAGE, response.status, 'SERVICE_UNAVAILABLE');
  if (!response.ok) {
    if (response.status === 401) handleSessionExpired();
    const parsed = errorResponseSchema.safeParse(await response.json().catch(() => null));
    throw new ApiError(
      parsed.success ? parsed.data.message : 'Download failed',
      response.status,
      parsed.success ? parsed.data.code : 'UNKNOWN',
    );
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  downloadFile(await response.blob(), name);
}
