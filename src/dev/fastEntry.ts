/**
 * A browser test that is not about the §2 splash sets this key (in local storage, before the app
 * boots) to skip it: 2 s less per entry (tests/e2e/fixtures.ts); entry.spec keeps it.
 */
import { lendPace } from '../lib/pace';

export const FAST_ENTRY_KEY = 'studio.dev.fastEntry';

export function installFastEntry(): void {
  if (localStorage.getItem(FAST_ENTRY_KEY) === 'true') lendPace({ splash: 0 });
}
