// Debian's Chromium for everything that drives a browser: the capture worker (production), the
// browser tests and the benchmarks. Plain ESM so node scripts (the install check, benchmarks) and
// TypeScript alike import it.
import { existsSync } from 'node:fs';

/** $CHROME_PATH, Debian's real binary, or its wrapper; undefined when none is installed. */
export function chromiumPath() {
  const candidates = [process.env.CHROME_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'].filter(Boolean);
  return candidates.find((p) => existsSync(p));
}

/**
 * Flags for every headless Chromium we start: quiet, no first-run UI, fake camera and microphone,
 * software WebGL (SwiftShader).
 */
export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
  '--mute-audio',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];
