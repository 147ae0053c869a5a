/**
 * The app's logger. §9 disables console logging in production, so entries are kept in a small
 * in-memory ring (readable through window.__STUDIO__.logs()) and echoed to the console only in
 * development. Nothing here uses console.error: a logged-and-ignored failure is not a crash.
 */
import { CONFIG } from './config';

export type LogLevel = 'info' | 'warn';
export interface LogEntry {
  level: LogLevel;
  scope: string;
  message: string;
  at: number;
}

const MAX_ENTRIES = 200;
const entries: LogEntry[] = [];

function write(level: LogLevel, scope: string, message: string): void {
  entries.push({ level, scope, message, at: Date.now() });
  if (entries.length > MAX_ENTRIES) entries.shift();
  if (CONFIG.consoleLogging) (level === 'warn' ? console.warn : console.info)(`[${scope}] ${message}`);
}

export const log = {
  info: (scope: string, message: string) => write('info', scope, message),
  warn: (scope: string, message: string) => write('warn', scope, message),
  entries: (): readonly LogEntry[] => entries.slice(),
};

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  // §8: a failed call throws its JSON error body, a network failure throws null.
  if (error === null) return 'The server could not be reached';
  if (typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message;
  return 'unknown error';
}
