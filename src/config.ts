/** §9 Runtime configuration. Build-time overrides come from Vite env variables. */
// Outside Vite (Node tools, golden-scene builders) import.meta.env is absent: fall back to defaults.
const env: Partial<ImportMetaEnv> = import.meta.env ?? {};

/** §7 base addresses, from the runtime config.json (relative to the page, or absolute). */
export interface ServiceAddresses {
  userManager: string;
  tokenExchange: string;
  eventApi: string;
  eventSocket: string;
  studioApi: string;
  assetApi: string;
  cms: string;
}
export const SERVICE_NAMES = ['userManager', 'tokenExchange', 'eventApi', 'eventSocket', 'studioApi', 'assetApi', 'cms'] as const satisfies readonly (keyof ServiceAddresses)[];

/** What config.json next to index.html says; no file, or `"backend": "demo"`, is the instant demo. */
export type RuntimeConfig = { backend: 'demo' } | { backend: 'server'; services: ServiceAddresses; disablePtSequinCheck: boolean; meeting: boolean };

export const CONFIG = {
  environment: 'PROD',
  playoutFrameRate: 30,
  dashboardUrl: '',
  realtimeCluster: 'production',
  disablePtSequinCheck: false,
  buildVersion: '1.0.0',
  /** §9: console logging disabled; the logger keeps entries in memory instead. */
  consoleLogging: !!env.DEV,
  /** Demo event and channel (§1). */
  demoEventId: 'demodemo',
  demoChannelId: 'testing',
  /** Where the registration pop-up sends visitors (sales pages of the event platform). */
  trialUrl: env.VITE_TRIAL_URL ?? 'https://www.example.com/studio/trial',
  buyUrl: env.VITE_BUY_URL ?? 'https://www.example.com/studio/pricing',
  learnMoreUrl: env.VITE_LEARN_MORE_URL ?? 'https://www.example.com/studio/system-requirements',
  chromeDownloadUrl: 'https://www.google.com/chrome/',
} as const;

/** The app's base path, always ending in '/'. */
export const BASE_PATH = env.BASE_URL ?? '/studio/instant-demo/';

/** Reads config.json's content; anything it cannot use falls back to the demo, with the reason. */
export function parseRuntimeConfig(raw: unknown): { config: RuntimeConfig; problem: string | null } {
  const demo = { backend: 'demo' } as const;
  if (typeof raw !== 'object' || raw === null) return { config: demo, problem: 'config.json is not an object' };
  const r = raw as Record<string, unknown>;
  if (r.backend === 'demo' || r.backend === undefined) return { config: demo, problem: null };
  if (r.backend !== 'server') return { config: demo, problem: `unknown backend ${JSON.stringify(r.backend)}` };
  const missing = SERVICE_NAMES.filter((name) => typeof r[name] !== 'string' || r[name] === '');
  if (missing.length) return { config: demo, problem: `config.json lacks ${missing.join(', ')}` };
  const services = Object.fromEntries(SERVICE_NAMES.map((name) => [name, r[name] as string])) as unknown as ServiceAddresses;
  return { config: { backend: 'server', services, disablePtSequinCheck: r.disablePtSequinCheck === true, meeting: r.meeting === true }, problem: null };
}

/** Fetches config.json next to index.html (no cache: a deployment may repoint the services). */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<{ config: RuntimeConfig; problem: string | null }> {
  try {
    const response = await fetchImpl(`${BASE_PATH}config.json`, { cache: 'no-store' });
    if (!response.ok) return { config: { backend: 'demo' }, problem: `config.json: ${response.status}` };
    return parseRuntimeConfig(await response.json());
  } catch (error) {
    return { config: { backend: 'demo' }, problem: `config.json: ${error instanceof Error ? error.message : String(error)}` };
  }
}
