// Where the browser tests find Chromium: $CHROME_PATH, Debian's real binary, or its wrapper.
import { existsSync } from 'node:fs';

export function chromiumPath() {
  const candidates = [process.env.CHROME_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'].filter(Boolean);
  return candidates.find((p) => existsSync(p));
}
