/**
 * A browser test that is not about the §2 splash or the demo's connect latency sets this key (in
 * local storage, before the app boots) to enter the studio without them: about 3 s less per entry
 * (tests/e2e/fixtures.ts); entry.spec keeps both.
 */
import { lendPace } from '../lib/pace';

export const FAST_ENTRY_KEY = 'studio.dev.fastEntry';

export function installFastEntry(): void {
  if (localStorage.getItem(FAST_ENTRY_KEY) === 'true') lendPace({ splash: 0, demoConnect: 0 });
}
