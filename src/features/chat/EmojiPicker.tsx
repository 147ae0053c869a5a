/**
 * The composer's emoji picker (§2 Public chat: an input and an emoji picker). It wraps frimousse
 * (Liveblocks' maintained, headless React emoji picker) for search, the virtualised list with its
 * category headers, arrow-key navigation (focus stays in the search box; Enter picks) and skin
 * tones. frimousse is unstyled and injects no <style> tags, so it runs under the app's CSP
 * (style-src 'self'); chat.css styles it. Its data is the `emojibase-data` package bundled with the
 * app and loaded on first open (emojibaseData.ts), never frimousse's default CDN. Escape or a click
 * outside closes the picker.
 */
import { EmojiPicker as Frimousse, type EmojiData, type EmojiPickerListCategoryHeaderProps, type EmojiPickerListEmojiProps, type EmojiPickerListRowProps, type SkinTone } from 'frimousse';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { log, errorMessage } from '../../log';
import { readKey, STORAGE_KEYS, writeKey } from '../../state/storage';
import { loadEmojiData } from './emojibaseData';
import { CHAT_TEXTS as T } from './texts';

/** Emoji per row; chat.css sizes the cells from the same count (--frimousse-list-columns). */
const EMOJI_COLUMNS = 8;

export interface EmojiPickerProps {
  onPick(emoji: string): void;
  onClose(): void;
  /** Clicks on this element (the button that opened the picker) do not count as outside. */
  anchor?: HTMLElement | null;
}

function CategoryHeader({ category, ...props }: EmojiPickerListCategoryHeaderProps) {
  return (
    <div {...props} className="emoji-heading">
      {category.label}
    </div>
  );
}

function Row(props: EmojiPickerListRowProps) {
  return <div {...props} className="emoji-row" />;
}

/**
 * frimousse's props carry the grid cell role, the emoji's name as aria-label, and data-active. It
 * also renders one hidden row of unnamed stand-ins to measure a row: those are sized alike but are
 * not `.emoji-cell`s, so that class only ever matches emoji one can pick.
 */
function Emoji({ emoji, ...props }: EmojiPickerListEmojiProps) {
  return (
    <button type="button" {...props} className={emoji.label ? 'emoji-button emoji-cell' : 'emoji-button'} title={emoji.label || undefined}>
      {emoji.emoji}
    </button>
  );
}

const LIST_COMPONENTS = { CategoryHeader, Row, Emoji };

/** No emoji: what frimousse gets when the data could not load, while the picker says so itself. */
const NO_EMOJI: EmojiData = { locale: 'en', categories: [], emojis: [], skinTones: { light: '', 'medium-light': '', medium: '', 'medium-dark': '', dark: '' } };

/** The bundled data; a failed load gives no emoji and tells the picker, which shows a reason and a retry instead of "Loading…" for ever. */
const failSafeResolver = (onFailure: () => void) => () =>
  loadEmojiData().catch((error: unknown) => {
    log.warn('chat', `emoji data did not load: ${errorMessage(error)}`);
    onFailure();
    return NO_EMOJI;
  });

/** Keeps the chosen skin tone for the next time the picker opens. */
function RememberSkinTone({ skinTone }: { skinTone: SkinTone }) {
  useEffect(() => writeKey(STORAGE_KEYS.emojiSkinTone, skinTone), [skinTone]);
  return null;
}

export function EmojiPicker({ onPick, onClose, anchor }: EmojiPickerProps) {
  const box = useRef<HTMLDivElement>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // frimousse keeps data per resolver, so each attempt gets its own.
  const [resolveEmojiData, setResolver] = useState(() => failSafeResolver(() => setFailed(true)));
  const retry = () => {
    setFailed(false);
    setAttempt((n) => n + 1);
    setResolver(() => failSafeResolver(() => setFailed(true)));
  };

  useEffect(() => {
    const onPointerDown = (e: PointerEvent) => {
      const target = e.target as Node | null;
      if (target && (box.current?.contains(target) || anchor?.contains(target))) return;
      onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [onClose, anchor]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    onClose();
  };

  return (
    <Frimousse.Root
      key={attempt}
      ref={box}
      className="emoji-picker"
      role="dialog"
      aria-label={T.emoji.dialog}
      onKeyDown={onKeyDown}
      columns={EMOJI_COLUMNS}
      resolveEmojiData={resolveEmojiData}
      skinTone={readKey(STORAGE_KEYS.emojiSkinTone) as SkinTone}
      onEmojiSelect={({ emoji }) => onPick(emoji)}
    >
      <Frimousse.Search
        className="input emoji-search"
        aria-label={T.emoji.search}
        placeholder={T.emoji.search}
        autoFocus
        // The picker sits in the composer's <form>: Enter picks the active emoji (frimousse, on keydown)
        // and must never submit the form (implicit submission follows keypress).
        onKeyPress={(e) => e.key === 'Enter' && e.preventDefault()}
        // New results start at the top, not where the previous list was scrolled to.
        onChange={() => viewport.current?.scrollTo({ top: 0 })}
      />
      <Frimousse.Viewport ref={viewport} className="emoji-viewport">
        <Frimousse.Loading className="emoji-status">{T.emoji.loading}</Frimousse.Loading>
        {failed ? (
          <div className="emoji-status" role="alert">
            {T.emoji.failed}{' '}
            <button
              type="button"
              className="link-button"
              onClick={retry}
            >
              {T.emoji.retry}
            </button>
          </div>
        ) : (
          <Frimousse.Empty className="emoji-status">{T.emoji.none}</Frimousse.Empty>
        )}
        <Frimousse.List className="emoji-list" aria-label={T.emoji.list} components={LIST_COMPONENTS} />
      </Frimousse.Viewport>
      <div className="emoji-footer">
        {/* Seen, not read out: the Viewport already announces the active emoji in a live region. */}
        <div className="emoji-preview" aria-hidden>
          <Frimousse.ActiveEmoji>
            {({ emoji }) =>
              emoji ? (
                <>
                  <span className="emoji-preview-glyph">{emoji.emoji}</span>
                  <span className="emoji-preview-label">{emoji.label}</span>
                </>
              ) : (
                <span className="emoji-preview-hint">{T.emoji.hint}</span>
              )
            }
          </Frimousse.ActiveEmoji>
        </div>
        <Frimousse.SkinToneSelector className="emoji-skin-tone" aria-label={T.emoji.skinTone} title={T.emoji.skinTone} />
        <Frimousse.SkinTone>{({ skinTone }) => <RememberSkinTone skinTone={skinTone} />}</Frimousse.SkinTone>
      </div>
    </Frimousse.Root>
  );
}
