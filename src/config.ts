/** §9 Runtime configuration. Build-time overrides come from Vite env variables. */
// Outside Vite (Node tools, golden-scene builders) import.meta.env is absent: fall back to defaults.
const env: Partial<ImportMetaEnv> = import.meta.env ?? {};

/** What the studio runs on: the in-browser demo (§1); a server backend comes with backend mode. */
export type BackendMode = 'demo';

export const CONFIG = {
  backend: 'demo' as BackendMode,
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
