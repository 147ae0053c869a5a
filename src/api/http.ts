/**
 * One ky client per service (§7) and the §8 error semantics every call shares: a failed HTTP
 * response throws its JSON error body, a network failure throws null, and a backend failure (5xx,
 * or a body that is not an error) surfaces as type unknown, code API_BACKEND_ERROR, with the message.
 */
import ky, { HTTPError, type KyInstance, type Options } from 'ky';

/** §8: what a failed call throws (besides null for a network failure). */
export interface ApiError {
  type: string;
  code: string;
  message: string;
  /** The HTTP status, kept so callers can tell 401 (sign in again) from the rest. */
  status: number;
  /** Seconds from a 429's `Retry-After` (how long to wait before trying again), when it came with one. */
  retryAfter?: number;
}

export const API_BACKEND_ERROR = 'API_BACKEND_ERROR';

export const isApiError = (e: unknown): e is ApiError =>
  typeof e === 'object' && e !== null && typeof (e as ApiError).code === 'string' && typeof (e as ApiError).message === 'string';

/** A message for logs and the unknown-error dialog's details. */
export function apiErrorMessage(e: unknown): string {
  if (e === null) return 'The server could not be reached';
  if (isApiError(e)) return e.message;
  return e instanceof Error ? e.message : String(e);
}

const backendError = (status: number, message: string): ApiError => ({ type: 'unknown', code: API_BACKEND_ERROR, message, status });

async function toApiError(error: HTTPError): Promise<ApiError> {
  const { status, statusText } = error.response;
  let body: unknown = null;
  try {
    body = await error.response.json();
  } catch {
    // not JSON: reported below with the status text
  }
  const b = body as Partial<ApiError> | null;
  if (status >= 500) return backendError(status, typeof b?.message === 'string' ? b.message : `${status} ${statusText}`.trim());
  const retryAfter = Number(error.response.headers.get('Retry-After'));
  const wait = status === 429 && Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {};
  if (b && typeof b.code === 'string' && typeof b.message === 'string') return { type: typeof b.type === 'string' ? b.type : 'client', code: b.code, message: b.message, status, ...wait };
  return { type: 'client', code: `HTTP_${status}`, message: `${status} ${statusText}`.trim(), status, ...wait };
}

/** Runs a call and maps its failure to §8: ApiError for a response, null for the network. */
export async function mapFailure<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HTTPError) throw await toApiError(error);
    if (isApiError(error)) throw error;
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw null;
  }
}

export type TokenSource = () => string | null;

export interface ClientOptions {
  /** The service's base address from config.json (absolute, or relative to the page). */
  base: string;
  /** Adds `Authorization: Bearer` (or the header named) when a token is known. */
  token?: TokenSource;
  tokenHeader?: string;
  /** Saves are retried by the caller with its own backoff; reads keep ky's default retries. */
  retry?: Options['retry'];
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** 'include' for a service whose session is a cookie (the audience's); others send none across origins. */
  credentials?: RequestCredentials;
}

/** Resolves a configured base address against the page (relative addresses are the norm). */
export function absoluteBase(base: string): string {
  const origin = typeof location !== 'undefined' && location.origin !== 'null' ? location.origin : 'http://127.0.0.1';
  const url = new URL(base, origin).href;
  return url.endsWith('/') ? url : `${url}/`;
}

export function createClient({ base, token, tokenHeader = 'Authorization', retry, timeoutMs = 15_000, fetch: fetchImpl, credentials = 'same-origin' }: ClientOptions): KyInstance {
  return ky.create({
    prefixUrl: absoluteBase(base),
    timeout: timeoutMs,
    credentials,
    ...(retry !== undefined ? { retry } : {}),
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
    hooks: {
      beforeRequest: [
        (request) => {
          const t = token?.();
          if (t) request.headers.set(tokenHeader, `Bearer ${t}`);
        },
      ],
    },
  });
}

/** A JSON call with §8 failures. */
export const json = <T>(call: () => Promise<Response> & { json(): Promise<unknown> }): Promise<T> => mapFailure(async () => (await call().json()) as T);
/** A call whose answer is not read. */
export const done = (call: () => Promise<Response>): Promise<void> => mapFailure(async () => void (await call()));
