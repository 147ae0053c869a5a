/**
 * The composer's emoji picker (§2 Public chat: an input and an emoji picker): search, six
 * categories, a grid of native emoji. Arrow keys move in the grid, Escape or a click outside
 * closes it. Styled by chat.css only (see emojiData.ts for why it is ours).
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { EMOJI_CATEGORIES, searchEmoji, type EmojiEntry } from './emojiData';
import { CHAT_TEXTS as T } from './texts';

/** Grid columns; chat.css lays the grid out with the same count. */
export const EMOJI_COLUMNS = 8;

export interface EmojiPickerProps {
  onPick(emoji: string): void;
  onClose(): void;
  /** Clicks on this element (the button that opened the picker) do not count as outside. */
  anchor?: HTMLElement | null;
}

export function EmojiPicker({ onPick, onClose, anchor }: EmojiPickerProps) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState(EMOJI_CATEGORIES[0]?.id ?? '');

  const shown: readonly EmojiEntry[] = useMemo(
    () => (query.trim() ? searchEmoji(query) : (EMOJI_CATEGORIES.find((c) => c.id === category)?.emoji ?? [])),
    [query, category],
  );

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
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    }
  };

  const onGridKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(grid.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: EMOJI_COLUMNS, ArrowUp: -EMOJI_COLUMNS } as Record<string, number>;
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? buttons.length - 1 : step[e.key] === undefined ? null : at + step[e.key]!;
    if (next === null) return;
    e.preventDefault();
    buttons[Math.max(0, Math.min(buttons.length - 1, next))]?.focus();
  };

  return (
    <div ref={box} className="emoji-picker" role="dialog" aria-label={T.emoji.dialog} onKeyDown={onKeyDown}>
      <input
        className="input emoji-search"
        type="search"
        aria-label={T.emoji.search}
        placeholder={T.emoji.search}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoFocus
      />
      {!query.trim() && (
        <div className="emoji-categories" role="group" aria-label={T.emoji.categories}>
          {EMOJI_CATEGORIES.map((c) => (
            <button
              key={c.id}
              type="button"
              className={`emoji-category${c.id === category ? ' selected' : ''}`}
              aria-label={c.label}
              aria-pressed={c.id === category}
              title={c.label}
              onClick={() => setCategory(c.id)}
            >
              <span aria-hidden>{c.icon}</span>
            </button>
          ))}
        </div>
      )}
      <div ref={grid} className="emoji-grid" role="group" aria-labelledby={`${id}-heading`} onKeyDown={onGridKeyDown}>
        <p id={`${id}-heading`} className="emoji-heading">
          {query.trim() ? T.emoji.search : (EMOJI_CATEGORIES.find((c) => c.id === category)?.label ?? '')}
        </p>
        {shown.length === 0 ? (
          <p className="emoji-none">{T.emoji.none}</p>
        ) : (
          <div className="emoji-cells">
            {shown.map((e) => (
              <button key={e.emoji} type="button" className="emoji-cell" aria-label={e.name} title={e.name} onClick={() => onPick(e.emoji)}>
                {e.emoji}
              </button>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
