/** §9 Runtime configuration. Build-time overrides come from Vite env variables. */
export const CONFIG = {
  environment: 'PROD',
  playoutFrameRate: 30,
  dashboardUrl: '',
  realtimeCluster: 'production',
  disablePtSequinCheck: false,
  buildVersion: '1.0.0',
  /** §9: console logging disabled; the logger keeps entries in memory instead. */
  consoleLogging: import.meta.env.DEV,
  /** Demo event and channel (§1). */
  demoEventId: 'demodemo',
  demoChannelId: 'testing',
  /** Where the registration pop-up sends visitors (sales pages of the event platform). */
  trialUrl: import.meta.env.VITE_TRIAL_URL ?? 'https://www.example.com/studio/trial',
  buyUrl: import.meta.env.VITE_BUY_URL ?? 'https://www.example.com/studio/pricing',
  learnMoreUrl: import.meta.env.VITE_LEARN_MORE_URL ?? 'https://www.example.com/studio/system-requirements',
  chromeDownloadUrl: 'https://www.google.com/chrome/',
} as const;

/** The app's base path, always ending in '/'. */
export const BASE_PATH = import.meta.env.BASE_URL;
