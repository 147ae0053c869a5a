/**
 * §2 backstage: up to 16 producer cards (own card, guests, content share). Cards reorder by drag
 * and drop; dropping one producer onto another swaps their layers. A drag is one undo entry.
 * Keyboard: the grid is one tab stop (roving focus); arrow keys, Home and End move between cards, and
 * the card commands' keys (Space, Enter, F2, S, M, V, Alt+Arrow) act on the focused card.
 */
import { useRef, useState } from 'react';
import { useDrag } from '@use-gesture/react';
import { UserPlus } from 'lucide-react';
import { MAX_PRODUCER_CARDS } from '../../../compositor/model/constants';
import { useScreenStore } from '../../state/screenStore';
import { stageActions } from '../../state/channel/stageActions';
import { useChannelStore } from '../../state/channel/store';
import { SELF_ID } from '../../state/session';
import { cardWidth } from '../../ui/cardWidth';
import { useWindowWidth } from '../../ui/useWindowWidth';
import { ProducerCardView } from './ProducerCardView';
import { DragIntent, previewAt } from './DragIntent';
import { dragLabel, dropIntent, type Drop } from './dropIntent';
import './backstage.css';
import { CARD_COMMANDS } from '../../services/people/cardCommands';
import { commandForKey } from '../../state/commands/shortcuts';
import { performAndTell } from '../../state/feedback';

/** Where each of CARD_NAVIGATION_KEYS moves the focus, by card index. */
const NAVIGATION: Record<string, (index: number, count: number) => number> = {
  arrowleft: (i) => i - 1,
  arrowup: (i) => i - 1,
  arrowright: (i) => i + 1,
  arrowdown: (i) => i + 1,
  home: () => 0,
  end: (_, n) => n - 1,
};
/** Keys a focused button or switch inside a card keeps for itself. */
const CONTROL_KEYS = new Set(['space', 'enter']);

/** Where a pointer at (x, y) would drop: on a preview (16:9 or vertical) puts on air, on a card's middle half swaps, elsewhere inserts. */
export function dropAt(grid: HTMLElement, x: number, y: number, draggedId: string): Drop {
  if (previewAt(x, y)) return { kind: 'preview' };
  const cards = [...grid.querySelectorAll<HTMLElement>('[data-card-id]')].filter((el) => el.dataset.cardId !== draggedId);
  let index = 0;
  for (const el of cards) {
    const r = el.getBoundingClientRect();
    const insideRow = y >= r.top && y <= r.bottom;
    if (insideRow && x >= r.left + r.width * 0.25 && x <= r.right - r.width * 0.25) return { kind: 'swap', targetId: el.dataset.cardId! };
    if (y > r.bottom || (insideRow && x > r.left + r.width / 2)) index += 1;
  }
  return { kind: 'move', index };
}

export function BackstagePane() {
  const producers = useChannelStore((s) => s.doc.producers);
  const showRegisterPopup = useScreenStore((s) => s.showRegisterPopup);
  const windowWidth = useWindowWidth();
  const grid = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ id: string; dx: number; dy: number; x: number; y: number; drop: Drop } | null>(null);
  const cards = producers.slice(0, MAX_PRODUCER_CARDS);
  const dragged = drag && cards.find((c) => c.id === drag.id);
  const intent = dragged ? dropIntent(drag.drop, dragged, cards) : null;

  const bind = useDrag(
    ({ args: [id], first, last, movement: [dx, dy], xy: [x, y], cancel, event, tap }) => {
      if (tap) return;
      if (first) stageActions.beginGesture('Move card');
      if (event.type === 'keydown' && (event as KeyboardEvent).key === 'Escape') {
        cancel();
        stageActions.cancelGesture();
        setDrag(null);
        return;
      }
      const drop = grid.current ? dropAt(grid.current, x, y, id as string) : null;
      if (!last) {
        setDrag({ id: id as string, dx, dy, x, y, drop });
        return;
      }
      const before = useChannelStore.getState().doc.producers;
      const dragged = before.find((c) => c.id === id);
      if (drop?.kind === 'swap') stageActions.swapProducers(id as string, drop.targetId);
      else if (drop?.kind === 'move') stageActions.reorder(id as string, drop.index);
      else if (drop?.kind === 'preview') stageActions.putOnAir(id as string);
      stageActions.commitGesture(dragged && dragLabel(drop, dragged, before));
      setDrag(null);
    },
    { filterTaps: true, threshold: 6, pointer: { keys: false } },
  );

  const [activeId, setActiveId] = useState<string | null>(null);
  const tabStop = cards.some((c) => c.id === activeId) ? activeId : (cards[0]?.id ?? null);
  const cardElement = (id: string) => grid.current?.querySelector<HTMLElement>(`[data-card-id="${CSS.escape(id)}"]`) ?? null;

  const onKeyDown = (e: React.KeyboardEvent) => {
    const target = e.target as HTMLElement;
    // Keys from a card's menu (a portal) bubble here through React; they are the menu's.
    if (!grid.current?.contains(target)) return;
    const cardEl = target.closest<HTMLElement>('[data-card-id]');
    const index = cards.findIndex((c) => c.id === cardEl?.dataset.cardId);
    const card = cards[index];
    if (!cardEl || !card) return;
    const onCard = target === cardEl;
    const plain = !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey;
    const step = NAVIGATION[e.key.toLowerCase()];
    if (step && plain && !target.closest('input, textarea')) {
      e.preventDefault();
      const next = cards[Math.max(0, Math.min(cards.length - 1, step(index, cards.length)))]!;
      cardElement(next.id)?.focus();
      return;
    }
    const command = commandForKey(CARD_COMMANDS, e);
    if (!command || (!onCard && command.keys!.some((k) => CONTROL_KEYS.has(k)))) return;
    e.preventDefault();
    if (!command.enabled(useChannelStore.getState(), card)) return;
    performAndTell(() => command.perform(card));
    // A moved card is the same element in a new place; the browser may drop its focus on the move.
    requestAnimationFrame(() => {
      if (document.activeElement === document.body) cardElement(card.id)?.focus();
    });
  };

  return (
    <section className="backstage-area" aria-labelledby="backstage-title">
      <header className="pane-header">
        <h2 id="backstage-title">
          Backstage <span className="muted count">{cards.filter((c) => c.isLive).length} on air · {cards.length} people</span>
        </h2>
      </header>
      {cards.length === 0 ? (
        <div className="backstage-empty muted">
          <p>Guests who join your event wait here until you put them on air.</p>
          <button type="button" className="btn btn-secondary btn-small" onClick={showRegisterPopup}>
            <UserPlus size={14} aria-hidden /> Invite Guest
          </button>
        </div>
      ) : (
        <div
          ref={grid}
          className="card-grid"
          data-testid="card-grid"
          data-tour="presenters"
          role="list"
          aria-label="Producer cards"
          onKeyDown={onKeyDown}
          onFocus={(e) => setActiveId((e.target as HTMLElement).closest<HTMLElement>('[data-card-id]')?.dataset.cardId ?? null)}
        >
          {cards.map((card) => (
            <div
              key={card.id}
              role="listitem"
              className="card-slot"
              style={drag?.id === card.id ? { transform: `translate(${drag.dx}px, ${drag.dy}px)`, zIndex: 5 } : undefined}
            >
              <ProducerCardView
                card={card}
                isSelf={card.id === SELF_ID}
                width={cardWidth(windowWidth, card.id === SELF_ID)}
                dragging={drag?.id === card.id}
                dropIntent={drag?.drop?.kind === 'swap' && drag.drop.targetId === card.id ? intent : null}
                bindDrag={() => bind(card.id)}
                tabStop={card.id === tabStop}
              />
            </div>
          ))}
        </div>
      )}
      {drag && intent && <DragIntent x={drag.x} y={drag.y} text={intent} onPreview={drag.drop?.kind === 'preview'} />}
    </section>
  );
}
