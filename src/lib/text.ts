/**
 * The one sanitizer for user text (DESIGN conventions; RELIABILITY §2.1): DOMPurify strips markup,
 * then the plain text is taken (so 'Tom & Jerry' stays 'Tom & Jerry', never '&amp;'), control and
 * bidi-override characters are removed, and the SPEC length limit is applied.
 */
import DOMPurify from 'dompurify';

const CONTROL_AND_BIDI = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g; // eslint-disable-line no-control-regex

export function sanitizeText(input: string, maxLength = Infinity): string {
  const fragment = DOMPurify.sanitize(input, { ALLOWED_TAGS: [], KEEP_CONTENT: true, RETURN_DOM_FRAGMENT: true });
  const text = (fragment.textContent ?? '').replace(CONTROL_AND_BIDI, '');
  return Array.from(text).slice(0, maxLength).join('');
}
