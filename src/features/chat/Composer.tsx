/**
 * The chat input shared by public and host chat (§5 Chat inputs): Enter sends, Shift+Enter makes a
 * new line; the text is cleaned and cut to 500 characters (an inserted emoji too); a counter shows
 * near the limit, and a cut says so under the field. While the §8 rate-limit countdown runs, the
 * input is replaced by the notice. The draft lives in the chat store, so it survives tab switches,
 * a failed send and the rate limit.
 */
import { Send, Smile } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { draftKey, useChatStore } from '../../state/chat/chatStore';
import { sendChat } from '../../services/audience/chat';
import { CHAT_COUNTER_FROM, CHAT_MAX } from '../../state/chat/limits';
import { chatLength, cleanChatText, fitDraft, insertEmoji } from '../../state/chat/text';
import { isBlankText } from '../../lib/text';
import { CutReason } from '../../ui/CutReason';
import type { ChatTarget } from '../../state/chat/types';
import { EmojiPicker } from './EmojiPicker';
import { CHAT_TEXTS as T } from './texts';
import { Tooltip } from '../../ui/Tooltip';

export function RateLimitNotice({ seconds }: { seconds: number }) {
  return (
    <div className="chat-rate-limit" role="status">
      {T.rateLimited(seconds)}
    </div>
  );
}

export interface ComposerProps {
  target: ChatTarget;
  placeholder: string;
  autoFocus?: boolean;
}

/** The studio's composer: its drafts and sends are the chat store's. */
export function Composer({ target, placeholder, autoFocus = false }: ComposerProps) {
  const key = draftKey(target);
  const draft = useChatStore((s) => s.drafts[key] ?? '');
  const retryAfter = useChatStore((s) => s.retryAfter);
  if (retryAfter > 0) return <RateLimitNotice seconds={retryAfter} />;
  const drafts: DraftPort = { current: () => useChatStore.getState().drafts[key] ?? '', set: (text) => useChatStore.getState().setDraft(key, text) };
  return <ComposerForm key={key} draft={draft} drafts={drafts} send={(raw) => sendChat(target, raw)} placeholder={placeholder} autoFocus={autoFocus} />;
}

/** Where a composer's draft lives (a store, so it survives tab switches, a failed send and the rate limit). */
export interface DraftPort {
  current(): string;
  set(text: string): void;
}

export interface ComposerFormProps {
  draft: string;
  drafts: DraftPort;
  /** Sends the typed text; false when it was not sent (the text comes back). */
  send(raw: string): Promise<boolean>;
  placeholder: string;
  autoFocus?: boolean;
}

/** The input itself, for any chat that keeps its draft in a store (the studio's, an attendee's page). */
export function ComposerForm({ draft, drafts, send, placeholder, autoFocus = false }: ComposerFormProps) {
  const id = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const emojiButton = useRef<HTMLButtonElement>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const [cut, setCut] = useState(false);
  const caret = useRef<number | null>(null);
  const setDraft = drafts.set;
  const length = chatLength(draft);

  // Put the caret back after an emoji was inserted.
  useLayoutEffect(() => {
    if (caret.current === null || !input.current) return;
    input.current.focus();
    input.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const raw = draft;
    if (isBlankText(raw)) return;
    if (cleanChatText(raw) === '') {
      setReason(T.nothingToSend);
      return;
    }
    setReason(null);
    setCut(false);
    setDraft('');
    const sent = await send(raw);
    // A failed send gives the text back (unless something new was typed meanwhile).
    if (!sent && drafts.current() === '') setDraft(raw);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void submit();
  };

  const pick = (emoji: string) => {
    const at = input.current?.selectionStart ?? draft.length;
    const next = insertEmoji(draft, emoji, at);
    setCut(next.text === draft);
    setDraft(next.text);
    caret.current = next.caret;
    setPickerOpen(false);
  };

  const nearLimit = length >= CHAT_COUNTER_FROM;
  return (
    <form className="chat-composer" onSubmit={(e) => void submit(e)}>
      {pickerOpen && (
        <EmojiPicker
          anchor={emojiButton.current}
          onPick={pick}
          onClose={() => {
            setPickerOpen(false);
            emojiButton.current?.focus();
          }}
        />
      )}
      <div className="chat-composer-row">
        <label className="visually-hidden" htmlFor={`${id}-text`}>
          {T.messageLabel}
        </label>
        <textarea
          id={`${id}-text`}
          ref={input}
          className="input chat-input"
          rows={1}
          value={draft}
          placeholder={placeholder}
          autoFocus={autoFocus}
          aria-describedby={nearLimit || reason || cut ? `${id}-info` : undefined}
          aria-invalid={reason ? true : undefined}
          onChange={(e) => {
            setReason(null);
            const next = fitDraft(e.target.value);
            setCut(next.cut);
            setDraft(next.text);
          }}
          onKeyDown={onKeyDown}
        />
        <Tooltip label={T.emoji.open} placement="top">
          <button
            ref={emojiButton}
            type="button"
            className="icon-button chat-emoji-button"
            aria-label={T.emoji.open}
            aria-expanded={pickerOpen}
            aria-haspopup="dialog"
            onClick={() => setPickerOpen((o) => !o)}
          >
            <Smile size={18} aria-hidden />
          </button>
        </Tooltip>
        <Tooltip label={T.send} placement="top">
          <button type="submit" className="icon-button chat-send" aria-label={T.send} disabled={isBlankText(draft)}>
            <Send size={18} aria-hidden />
          </button>
        </Tooltip>
      </div>
      {(nearLimit || reason || cut) && (
        <div id={`${id}-info`} className="chat-composer-info">
          {reason && <span className="field-error">{reason}</span>}
          <CutReason max={CHAT_MAX} cut={cut} />
          {nearLimit && (
            <span className={`chat-counter${length >= CHAT_MAX ? ' at-limit' : ''}`} title={T.counterLabel(length, CHAT_MAX)}>
              {T.counter(length, CHAT_MAX)}
            </span>
          )}
        </div>
      )}
    </form>
  );
}
