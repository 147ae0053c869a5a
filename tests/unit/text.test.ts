/**
 * The one text rule (DESIGN conventions "User text", RELIABILITY §2.1, SPEC §5/§9). One hostile
 * corpus pins input → the text the UI shows and sends (the chat rule: multi-line, 500) → the text
 * the channel body carries when that message is put on stream (the same string).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { cleanText, fitGraphemes, isBlankText, limitDraft, textLength, type TextRule } from '../../src/lib/text';
import { LOWER_THIRD_TEXT_MAX, NAME_MAX, TICKER_TEXT_MAX } from '../../src/lib/limits';
import { CHAT_MAX } from '../../src/state/chat/limits';
import { POLL_TEXT_MAX } from '../../src/state/polls/limits';
import { ANNOUNCEMENT_MAX, QNA_REPLY_MAX } from '../../src/state/qna/limits';
import { cleanChatText } from '../../src/state/chat/text';
import { resetChatStore, useChatStore } from '../../src/state/chat/chatStore';
import { syncChatOverlay } from '../../src/services/channel/chatOverlay';
import { emptyChannel } from '../../compositor/model/channel';
import { stageActions } from '../../src/state/channel/stageActions';
import { useChannelStore } from '../../src/state/channel/store';
import { channelBody } from '../../compositor/convert';

const marks = (n: number, mark = '\u0301') => mark.repeat(n);
/** Each letter of `word` with `n` stacked accents. */
const zalgo = (word: string, n: number) => [...word].map((c) => c + '\u0300\u0301\u0302\u0303'.repeat(n).slice(0, n)).join('');
const x = (n: number) => 'x'.repeat(n);

// [what it is, input, the text shown and sent (chat rule)]
const CORPUS: [string, string, string][] = [
  // Markup: tags of real elements go, whatever they carry; text between them stays.
  ['img onerror', '<img src=x onerror=alert(1)>', ''],
  ['img onerror after text', 'Hi <img src=x onerror=alert(1)>', 'Hi'],
  ['img onerror before text', '<img src=x onerror=alert(1)>Hi', 'Hi'],
  ['svg onload', '<svg onload=alert(1)>', ''],
  ['svg slash onload', '<svg/onload=alert(1)>', ''],
  ['script', '<script>alert(1)</script>', 'alert(1)'],
  ['script src, upper case', '<SCRIPT SRC=//evil.example/x.js></SCRIPT>', ''],
  ['iframe javascript:', '<iframe src="javascript:alert(1)"></iframe>', ''],
  ['body onload', '<body onload=alert(1)>', ''],
  ['link with javascript: href', '<a href="javascript:alert(1)">click</a>', 'click'],
  ['javascript: as text', 'javascript:alert(1)', 'javascript:alert(1)'],
  ['style= background url', '<div style="background:url(javascript:alert(1))">x</div>', 'x'],
  ['style= overlay', '<p style="position:fixed;inset:0;background:red">cover</p>', 'cover'],
  ['style= on an unknown tag', '<x style="position:fixed;inset:0">cover</x>', 'cover</x>'],
  ['custom tag with onfocus', '<xss onfocus=alert(1) autofocus tabindex=1>hi', 'hi'],
  ['input autofocus onfocus', '<input onfocus=alert(1) autofocus>', ''],
  ['details ontoggle', '<details open ontoggle=alert(1)>', ''],
  ['video source onerror', '<video><source onerror=alert(1)></video>', ''],
  ['MathML mutation payload', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
  ['nested to rebuild a script', '<scr<script>ipt>alert(1)</scr</script>ipt>', 'alert(1)'],
  ['nested to rebuild an img', '<<img src=x onerror=alert(1)>img src=x onerror=alert(1)>', ''],
  ['quoted > inside a tag', '<img src="x" alt=">" onerror="alert(1)">', ''],
  ['unfinished img is defused', '<img src=x onerror=alert(1)//', 'img src=x onerror=alert(1)//'],
  ['unfinished link is defused', 'see <a href=x onmouseover=alert(1) x', 'see a href=x onmouseover=alert(1) x'],
  ['mixed case javascript: in img', "<IMG SRC=JaVaScRiPt:alert('XSS')>", ''],
  ['tabs inside a tag', '<img\tsrc=x\tonerror=alert(1)>', ''],
  ['new line inside a tag', '<img\nsrc=x onerror=alert(1)>', ''],
  ['NUL inside a tag', '<img\u0000 src=x onerror=alert(1)>', ''],
  ['bidi override inside a tag', '<img\u202E src=x onerror=alert(1)>', ''],
  ['style element', "<style>@import 'https://evil.example/x.css';</style>", "@import 'https://evil.example/x.css';"],
  ['stylesheet link', '<link rel=stylesheet href=https://evil.example/x.css>', ''],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ''],
  ['object data', '<object data="javascript:alert(1)">', ''],
  ['embed', '<embed src=javascript:alert(1)>', ''],
  ['form action', '<form action=javascript:alert(1)><button>go</button></form>', 'go'],
  ['template', '<template><img src=x onerror=alert(1)></template>', ''],
  ['noscript breakout', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
  ['comment breakout', '<!--<img src="--><img src=x onerror=alert(1)//">', '<!--'],
  ['attribute breakout', '"><script>alert(document.cookie)</script>', '">alert(document.cookie)'],
  ['filter probe', `'';!--"<XSS>=&{()}`, `'';!--"<XSS>=&{()}`],
  ['svg animate onbegin', '<svg><animate onbegin=alert(1) attributeName=x dur=1s>', ''],
  ['marquee onstart', '<marquee onstart=alert(1)>hi</marquee>', 'hi'],
  ['entity-encoded javascript: href', '<a href="&#106;avascript:alert(1)">x</a>', 'x'],
  ['data: URL text', 'data:text/html,<script>alert(1)</script>', 'data:text/html,alert(1)'],
  ['img eval(src)', '<img src=x:alert(alt) onerror=eval(src) alt=0>', ''],
  ['template injection text', "{{constructor.constructor('alert(1)')()}}", "{{constructor.constructor('alert(1)')()}}"],
  ['template literal text', '${alert(1)}', '${alert(1)}'],
  ['bold and italic', '<b>bold</b> and <i>italic</i>', 'bold and italic'],
  ['closing div', 'end</div>', 'end'],
  ['only empty tags', '<b></b>', ''],
  // Entities are text: never decoded.
  ['encoded img stays text', '&lt;img src=x onerror=alert(1)&gt;', '&lt;img src=x onerror=alert(1)&gt;'],
  ['Tom &amp; Jerry', 'Tom &amp; Jerry', 'Tom &amp; Jerry'],
  ['Tom & Jerry <3', 'Tom & Jerry <3', 'Tom & Jerry <3'],
  ['numeric entities', '&#60;script&#62;alert(1)&#60;/script&#62;', '&#60;script&#62;alert(1)&#60;/script&#62;'],
  ['named entities', '&quot;quoted&quot; &nbsp; &copy;', '&quot;quoted&quot; &nbsp; &copy;'],
  ['encoded b', 'a &lt;b&gt; c', 'a &lt;b&gt; c'],
  // '<' in prose stays.
  ['comparison prose', 'if x<y and z>w then', 'if x<y and z>w then'],
  ['spaced comparisons', 'a < b and c > d', 'a < b and c > d'],
  ['a real tag in prose goes', 'a <b> c', 'a  c'],
  ['heart', 'I <3 you', 'I <3 you'],
  ['hearts', '<3 <3 <3', '<3 <3 <3'],
  ['shifts', 'x << 2 >> 1', 'x << 2 >> 1'],
  ['arrow', '<-- look here', '<-- look here'],
  ['key name', 'press <Enter> to send', 'press <Enter> to send'],
  ['mail address', 'mail me <jane@example.com>', 'mail me <jane@example.com>'],
  ['bracketed URL', '<https://example.com>', '<https://example.com>'],
  ['numbers', '1 <2 and 3> 0', '1 <2 and 3> 0'],
  ['generics', 'vector<int> v; List<String>', 'vector<int> v; List<String>'],
  ['brackets', '<<>>', '<<>>'],
  // Control and bidi characters.
  ['RTL override', 'evil\u202Eoverride', 'eviloverride'],
  ['isolates and embeddings', '\u2066isolate\u2069 \u202Aembed\u202C', 'isolate embed'],
  ['bell and NUL', 'bell\u0007 and NUL\u0000', 'bell and NUL'],
  ['tab becomes a space', 'tab\there', 'tab here'],
  ['line breaks normalised', 'line 1\r\nline 2\rline 3', 'line 1\nline 2\nline 3'],
  ['C1 controls', 'C1\u0085next\u009Bx', 'C1\nnextx'],
  ['direction marks stay', 'keep \u200F marks \u200E', 'keep \u200F marks \u200E'],
  // Lone surrogates.
  ['lone high surrogate', 'a\uD800b', 'a\uFFFDb'],
  ['lone low surrogate', '\uDC00 lone low', '\uFFFD lone low'],
  ['cut pair at the end', 'pair 😀 ok \uD83D', 'pair 😀 ok \uFFFD'],
  // Combining-mark floods.
  ['Z and 500 accents', `Z${marks(500)}`, `Z${marks(3)}`],
  ['Zalgo word', zalgo('Zalgo', 20), zalgo('Zalgo', 3)],
  ['three marks stay', 'e\u0301\u0302\u0323', 'e\u0301\u0302\u0323'],
  ['marks joined by a removed tag', `a${marks(2)}<b>${marks(2)}`, `a${marks(3)}`],
  ['marks chained by joiners', `a${'\u0301\u200D'.repeat(50)}`, 'a\u0301\u200D\u0301'],
  // Nothing visible.
  ['zero-width only', '\u200B\u200C\u200D', ''],
  ['BOM, no-break space, word joiner', '\uFEFF \u00A0\u2060', ''],
  ['Hangul fillers', '\u3164\u115F', ''],
  ['blank braille cells', '\u2800\u2800', ''],
  ['whitespace only', '   \n\t  ', ''],
  ['padded', '  padded  ', 'padded'],
  // Emoji and scripts stay whole.
  ['ZWJ sequences', '👩‍💻 ships 👨‍👩‍👧‍👦', '👩‍💻 ships 👨‍👩‍👧‍👦'],
  ['flags, keycap, skin tone', '🇫🇷🏴󠁧󠁢󠁳󠁣󠁴󠁿 ❤️ 1️⃣ 👋🏽', '🇫🇷🏴󠁧󠁢󠁳󠁣󠁴󠁿 ❤️ 1️⃣ 👋🏽'],
  ['accented Latin', 'Ünïcödé façade naïve', 'Ünïcödé façade naïve'],
  ['Arabic', 'مرحبا بالعالم', 'مرحبا بالعالم'],
  ['Hebrew with points', 'שָׁלוֹם', 'שָׁלוֹם'],
  ['Devanagari', 'नमस्ते', 'नमस्ते'],
  ['Vietnamese, decomposed', 'Vie\u0323\u0302t', 'Vie\u0323\u0302t'],
  // Size.
  ['100,000 characters', x(100_000), x(CHAT_MAX)],
  ['20,000 tags and a word', `${'<b>'.repeat(20_000)}hi`, 'hi'],
  ['100,000 characters of prose with <', 'x<y '.repeat(25_000), 'x<y '.repeat(125).trimEnd()],
];

beforeEach(() => {
  resetChatStore();
  stageActions.load(emptyChannel());
});

describe('hostile corpus: input → shown and sent → channel body', () => {
  it('has the rows it claims', () => expect(CORPUS.length).toBeGreaterThanOrEqual(80));

  it.each(CORPUS)('%s', (_, input, shown) => {
    const sent = cleanChatText(input);
    expect(sent).toBe(shown);
    expect(cleanChatText(sent)).toBe(sent); // the rule is stable: cleaning twice changes nothing
    expect(textLength(sent)).toBeLessThanOrEqual(CHAT_MAX);

    // Put on stream as an attendee's message: the stage and the channel body carry the same string.
    const stop = syncChatOverlay();
    useChatStore.getState().receive({ id: 'm1', body: input, timestamp: 1, sender: { guid: 'att-1', name: input, role: 'Attendee' } });
    useChatStore.getState().showOnStream('m1');
    const doc = useChannelStore.getState().doc;
    const attribute = JSON.parse(channelBody(doc, { name: 'testing' }, null).templateAttributes).attributes[0];
    expect(attribute.primaryText).toBe(shown);
    expect(attribute.secondaryText).toBe(cleanText(input, { max: NAME_MAX }).text);
    stop();
  });
});

describe('limits (§5, §9): named, one per field', () => {
  it.each([
    ['chat', CHAT_MAX, 500],
    ['poll question and options', POLL_TEXT_MAX, 150],
    ['lower third', LOWER_THIRD_TEXT_MAX, 120],
    ['ticker', TICKER_TEXT_MAX, 500],
    ['Q&A reply', QNA_REPLY_MAX, 500],
    ['announcement', ANNOUNCEMENT_MAX, 500],
    ['participant name', NAME_MAX, 60],
  ])('%s: %i', (_, constant, value) => expect(constant).toBe(value));

  it('names are single-line: line breaks become spaces', () => {
    expect(cleanText('Lukas\nBecker\r\n<b>B.</b>', { max: NAME_MAX }).text).toBe('Lukas Becker B.');
  });

  it('counts code points: an emoji is one character', () => {
    expect(textLength('😀😀😀')).toBe(3);
    expect(cleanText('😀😀😀', { max: 2 })).toEqual({ text: '😀😀', cut: true });
  });
});

describe('the cut: clean first, then whole graphemes, and say so', () => {
  const clusters = ['e\u0301', '👩‍💻', '🇫🇷', '👋🏽', '❤️', 'a', 'नि', '1️⃣'];
  const segments = (text: string) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((s) => s.segment);

  it('never splits a grapheme cluster, at any limit that holds the first one', () => {
    const text = clusters.join('').repeat(3);
    const all = segments(text);
    // From 3 on (the longest cluster here): below that only the oversized-cluster rule applies (next tests).
    for (let max = 3; max <= textLength(text) + 1; max++) {
      const { text: fit, cut } = fitGraphemes(text, max);
      const kept = segments(fit);
      expect(kept).toEqual(all.slice(0, kept.length));
      expect(textLength(fit)).toBeLessThanOrEqual(max);
      expect(cut).toBe(fit !== text);
    }
  });

  it('reports the cut, and no cut when the text fits', () => {
    expect(cleanText(x(600), { max: 500 })).toEqual({ text: x(500), cut: true });
    expect(cleanText(x(500), { max: 500 })).toEqual({ text: x(500), cut: false });
    expect(limitDraft(x(501), { max: 500 })).toEqual({ text: x(500), cut: true });
  });

  it('cleans before cutting: Z and 500 accents is not cut away (it used to empty the draft)', () => {
    const rule: TextRule = { max: CHAT_MAX, multiline: true };
    expect(limitDraft(`Z${marks(500)}`, rule)).toEqual({ text: `Z${marks(3)}`, cut: false });
    expect(cleanText(`Z${marks(500)}`, rule)).toEqual({ text: `Z${marks(3)}`, cut: false });
  });

  it('a draft keeps what was typed while it fits, and becomes the cleaned, cut text past the limit', () => {
    expect(limitDraft('<b>hi</b> <img', { max: 14 })).toEqual({ text: '<b>hi</b> <img', cut: false });
    // Past the limit: cleaned (an unfinished tag stays while typing), and only cut if still too long.
    expect(limitDraft('<b>hi</b> <img', { max: 10 })).toEqual({ text: 'hi <img', cut: false });
    expect(limitDraft('<b>hello</b> world', { max: 10 })).toEqual({ text: 'hello worl', cut: true });
    // A Zalgo overflow keeps ten whole letters with their first marks.
    expect(limitDraft(zalgo('abcdefghijklmnop', 9), { max: 40 })).toEqual({ text: zalgo('abcdefghij', 3), cut: true });
  });

  it('only a single grapheme longer than the whole limit is cut inside, so text never fits to nothing', () => {
    const chain = Array(300).fill('👩').join('\u200D');
    const { text, cut } = fitGraphemes(chain, 10);
    expect(cut).toBe(true);
    expect(textLength(text)).toBe(10);
  });
});

describe('nothing visible counts as empty', () => {
  it.each(['', '   ', '\u200B', '\u200C\u200D\u2060', '\uFEFF', '\u00A0\u3000', '\u3164', '\u2800', '\n\t'])('%j is blank', (text) => {
    expect(isBlankText(text)).toBe(true);
    expect(cleanText(text, { max: CHAT_MAX, multiline: true }).text).toBe('');
  });
  it.each(['a', '.', '😀', '<3', '\u200Bx'])('%j is not', (text) => expect(isBlankText(text)).toBe(false));
});
