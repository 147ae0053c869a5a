/**
 * Finds and removes HTML tags in plain text with a string scanner (DESIGN conventions "User text"):
 * nothing is parsed in a document, so nothing loads, runs or trips the CSP. A tag is removed when
 * its name is a real element (fixed list below) or when it carries an event handler or style
 * attribute (`<x onfocus=… autofocus>` runs in any browser, whatever the name). Prose like
 * `x<y and z>w`, `<3` or `a < b` is not a tag and stays.
 */

/** HTML (living standard and the legacy names parsers still know), script-capable SVG, and MathML. */
const ELEMENTS = new Set(
  (
    'a abbr acronym address applet area article aside audio b base basefont bdi bdo bgsound big blink blockquote body br ' +
    'button canvas caption center cite code col colgroup data datalist dd del details dfn dialog dir div dl dt em embed ' +
    'fencedframe fieldset figcaption figure font footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html i ' +
    'iframe image img input ins isindex kbd keygen label legend li link listing main map mark marquee math menu menuitem ' +
    'meta meter multicol nav nextid nobr noembed noframes noscript object ol optgroup option output p param picture ' +
    'plaintext portal pre progress q rb rp rt rtc ruby s samp script search section select selectedcontent slot small ' +
    'source spacer span strike strong style sub summary sup svg table tbody td template textarea tfoot th thead time ' +
    'title tr track tt u ul var video wbr xmp ' +
    // SVG elements that can run or load something, and MathML (mutation-XSS payloads nest in it)
    'animate animatemotion animatetransform discard feimage foreignobject set use ' +
    'annotation-xml maction merror mfrac mglyph mi mn mo mrow ms mspace msqrt mstyle msub msup mtable mtd mtext mtr semantics'
  ).split(' '),
);

/** `on…=` or `style=` as an attribute (after the name, a space, a slash or a closing quote). */
const HANDLER_OR_STYLE = /(?:^|[\s/"'])(?:on[a-z]+|style)\s*=/i;
/** Past this length without its `>` a tag counts as unfinished: keeps the scan linear on hostile input. */
const MAX_TAG_CHARS = 1024;
/** Tags nested to rebuild themselves (`<scr<script>ipt>`) need one pass per level. */
const MAX_PASSES = 8;

const isNameEnd = (c: string | undefined) => c === undefined || c === '>' || c === '/' || c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';
const isAsciiLetter = (c: string | undefined) => c !== undefined && /^[A-Za-z]$/.test(c);

type Tag = { end: number | null; markup: boolean };

/** Reads the tag starting at `s[at] === '<'`, like the HTML tokenizer; null when it is not one. */
function readTag(s: string, at: number): Tag | null {
  let i = at + 1;
  if (s[i] === '/') i++;
  if (!isAsciiLetter(s[i])) return null;
  const limit = Math.min(s.length, at + MAX_TAG_CHARS);
  const nameStart = i;
  while (i < limit && !isNameEnd(s[i])) i++;
  const name = s.slice(nameStart, i).toLowerCase();
  const attrsStart = i;
  const markup = (attrs: string) => ELEMENTS.has(name) || HANDLER_OR_STYLE.test(attrs);
  while (i < limit) {
    const c = s[i];
    if (c === '>') return { end: i + 1, markup: markup(s.slice(attrsStart, i)) };
    i++;
    if (c !== '=') continue;
    while (i < limit && (s[i] === ' ' || s[i] === '\t' || s[i] === '\n' || s[i] === '\f')) i++;
    const quote = s[i];
    if (quote !== '"' && quote !== "'") continue;
    // A quoted value may hold '>'; an unclosed one runs to the end of the text.
    const close = s.indexOf(quote, i + 1);
    if (close === -1 || close >= limit) break;
    i = close + 1;
  }
  return { end: null, markup: markup(s.slice(attrsStart, limit)) };
}

/**
 * One pass. An unfinished tag (no `>`: `<img src=x onerror=…`) is kept while drafting (the user may
 * still be typing `<b>`) and defused when sent by dropping its `<`, so no downstream HTML can
 * complete it.
 */
function stripOnce(s: string, unfinished: 'keep' | 'defuse'): string {
  let out = '';
  let from = 0;
  let at = s.indexOf('<');
  while (at !== -1) {
    const tag = readTag(s, at);
    if (tag?.markup && (tag.end !== null || unfinished === 'defuse')) {
      out += s.slice(from, at);
      from = tag.end ?? at + 1;
      at = s.indexOf('<', from);
    } else {
      at = s.indexOf('<', at + 1);
    }
  }
  return out + s.slice(from);
}

/** Removes tags until none is left (removing one can join its neighbours into another). */
export function stripTags(text: string, unfinished: 'keep' | 'defuse'): string {
  let current = text;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = stripOnce(current, unfinished);
    if (next === current) return current;
    current = next;
  }
  // Deeper nesting than any honest text: no '<' survives, so nothing can be rebuilt.
  return current.replaceAll('<', '');
}
