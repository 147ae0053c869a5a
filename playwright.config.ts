import { defineConfig } from '@playwright/test';
import { BROWSER_ARGS, chromiumPath } from './src/server/chromium.mjs';

// E2E_PORT lets two checkouts run their browser suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE = process.env.STUDIO_BASE ?? '/studio/instant-demo/';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'tests/.tmp/results',
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // One test at a time: a studio page on a software GPU keeps both cores of a two-core machine busy
  // by itself, so a second worker only makes the two fight (chat and stage specs, 2-core EPYC, Chromium
  // 156: 111 s with two workers, 84 s with one), and loaded pages are what made tests flaky.
  workers: 1,
  // No retries, in CI either: a test that needs one has a defect to fix, and a retry would hide it.
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}${BASE}`,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: BROWSER_ARGS,
    },
  },
  // The guest tests run two more Chromiums and Janus: tests/run-e2e.mjs (npm test, npm run test:e2e)
  // runs them alone after the rest, whatever the rest's results, so their load does not starve the
  // timing of the other tests on a two-core machine. By hand, name the project (--project=studio or
  // guests): a run of both at once would share the two cores between them.
  projects: [
    // --disable-gpu: WebGL in SwiftShader with no GPU process to composite through, as the capture
    // worker runs it: an idle demo studio costs about half the CPU (1.9 → 0.9 cores); the chat and stage
    // specs took 72 s instead of 84, and the project 21.6 min instead of 27.1 with one worker and this.
    // Not for the guests: their WebRTC video took a quarter longer without the GPU process.
    { name: 'studio', testIgnore: /(guests|live|scale)\.spec\.ts/, use: { launchOptions: { executablePath: chromiumPath(), args: [...BROWSER_ARGS, '--disable-gpu'] } } },
    { name: 'guests', testMatch: /guests\.spec\.ts/ },
    // Going live: a capture Chromium and ffmpeg per broadcast, and nginx; alone, one test at a time.
    { name: 'live', testMatch: /live\.spec\.ts/ },
    // Scale-out: nginx, two backends, PostgreSQL and a broadcast; alone.
    { name: 'scale', testMatch: /scale\.spec\.ts/ },
  ],
  webServer: {
    command: `npm run build:e2e && npx vite preview --outDir dist-e2e --port ${PORT} --strictPort`,
    url: `http://localhost:${PORT}${BASE}`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
  },
});
