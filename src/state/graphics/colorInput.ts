/**
 * §4 brand colour typed as text: validated at most every 800 ms while typing (a valid colour applies
 * at once), otherwise 2 s after the last key, when an invalid one is reported. Enter does not wait:
 * the text is checked there and then. Clock injected (tests).
 */
import { COLOR_VALIDATE_IDLE_MS, COLOR_VALIDATE_INTERVAL_MS } from '../../lib/limits';
import { realClock, type Clock } from '../../lib/clock';
import { isHexColor } from '../storage';

/** '#0d62c5', '0D62C5' and ' #0D62C5 ' all mean #0D62C5. */
export function normalizeHex(text: string): string | null {
  const t = text.trim();
  const hex = t.startsWith('#') ? t : `#${t}`;
  return isHexColor(hex) ? hex.toUpperCase() : null;
}

export const COLOR_FORMAT_HINT = 'Enter a colour as # and six hex digits, like #0D62C5.';

export interface ColorInputDeps {
  onValid(color: string): void;
  onInvalid(reason: string): void;
  now?: () => number;
  clock?: Clock;
}

export function createColorInput({ onValid, onInvalid, now = Date.now, clock = realClock }: ColorInputDeps) {
  let last = Number.NEGATIVE_INFINITY;
  let idle: unknown;
  let applied: string | null = null;
  const validate = (text: string, final: boolean) => {
    last = now();
    const color = normalizeHex(text);
    if (color && color !== applied) {
      applied = color;
      onValid(color);
    } else if (!color && final) onInvalid(COLOR_FORMAT_HINT);
  };
  return {
    input(text: string): void {
      clock.clearTimeout(idle);
      if (now() - last >= COLOR_VALIDATE_INTERVAL_MS) validate(text, false);
      idle = clock.setTimeout(() => validate(text, true), COLOR_VALIDATE_IDLE_MS);
    },
    /** Enter: what is typed is checked now, as at the end of the wait (applied, or the reason shown). */
    commit(text: string): void {
      clock.clearTimeout(idle);
      validate(text, true);
    },
    /** The field shows a colour chosen elsewhere (picker, swatch): it is not re-applied. */
    sync(color: string): void {
      applied = color.toUpperCase();
    },
    dispose: () => clock.clearTimeout(idle),
  };
}
