/**
 * The list shared by lower thirds and tickers (§2 list and editor; §4 select/unselect, only one on
 * stage, the selected one cannot be edited or deleted): each row puts its item on stage or takes it
 * off (a toggle button named by what it shows: its text, NEW, its key, ON STAGE or SHOW), and offers
 * Edit and Delete, disabled with the reason while it is on stage; and whether the vertical program shows it.
 */
import { Pencil, Trash2 } from 'lucide-react';
import type { TemplateItem } from '../../../compositor/model/channel';
import { canEditGraphic, REFUSALS } from '../../state/graphics/rules';
import { Tooltip } from '../../ui/Tooltip';
import { VerticalChoice } from './VerticalChoice';

export interface GraphicListProps {
  items: readonly TemplateItem[];
  /** What the list holds, for names ('lower third', 'ticker'). */
  noun: string;
  /** The row's text (secondary line optional). */
  lines(item: TemplateItem): [string, string?];
  onToggle(id: string): void;
  onEdit(item: TemplateItem): void;
  onDelete(id: string): void;
  /** The digit that toggles the first nine from the keyboard (lower thirds). */
  shortcut?(index: number): string | undefined;
  swatch?(item: TemplateItem): string | undefined;
}

export function GraphicList({ items, noun, lines, onToggle, onEdit, onDelete, shortcut, swatch }: GraphicListProps) {
  return (
    <ul className="graphic-list" aria-label={`${noun}s`}>
      {items.map((item, i) => {
        const [first, second] = lines(item);
        const locked = !canEditGraphic(item);
        const key = shortcut?.(i);
        const color = swatch?.(item);
        return (
          <li key={item.id} className={`graphic-row${item.selected ? ' on-stage' : ''}`} data-id={item.id}>
            <button
              type="button"
              className="graphic-row-main"
              aria-pressed={item.selected}
              aria-keyshortcuts={key}
              title={item.selected ? 'On stage: press to take it off' : 'Press to show it on stage'}
              onClick={() => onToggle(item.id)}
            >
              {color && <span className="graphic-row-swatch" style={{ background: color }} aria-hidden />}
              <span className="graphic-row-text">
                <span className="graphic-row-primary">{first}</span>
                {second && <span className="graphic-row-secondary">{second}</span>}
              </span>
              {item.isNew && <span className="new-label">NEW</span>}
              {key && <kbd className="graphic-row-key">{key}</kbd>}
              <span className="graphic-row-state">{item.selected ? 'ON STAGE' : 'SHOW'}</span>
            </button>
            <Tooltip label={locked ? REFUSALS.selectedCannotChange : `Edit ${noun}`}>
              <button type="button" className="icon-button" aria-label={`Edit ${noun}: ${first}`} aria-disabled={locked} onClick={() => !locked && onEdit(item)}>
                <Pencil size={16} aria-hidden />
              </button>
            </Tooltip>
            <Tooltip label={locked ? REFUSALS.selectedCannotChange : `Delete ${noun}`}>
              <button type="button" className="icon-button" aria-label={`Delete ${noun}: ${first}`} aria-disabled={locked} onClick={() => !locked && onDelete(item.id)}>
                <Trash2 size={16} aria-hidden />
              </button>
            </Tooltip>
            <VerticalChoice item={item} />
          </li>
        );
      })}
    </ul>
  );
}
