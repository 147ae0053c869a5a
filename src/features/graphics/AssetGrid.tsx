/**
 * A grid of assets (§2: images, videos, backgrounds and logos): only 6 until 'Show More' (then 'Show
 * Less'), uploads in progress or failed first, the add button, and the empty message when there is
 * nothing. What a tile shows is the caller's.
 */
import { Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ASSETS_BEFORE_SHOW_MORE } from '../../lib/limits';
import { TEXTS } from '../../lib/texts';
import { Tooltip } from '../../ui/Tooltip';

export interface AssetGridProps<T extends { id: string }> {
  items: readonly T[];
  tile(item: T): ReactNode;
  empty: string;
  addLabel: string;
  onAdd(): void;
  /** §5 'Supported formats' lines under the grid. */
  formats: readonly string[];
  /** Why the last chosen file was refused (format, size): shown until the next choice. */
  reason: string | null;
}

export function AssetGrid<T extends { id: string }>({ items, tile, empty, addLabel, onAdd, formats, reason }: AssetGridProps<T>) {
  const [more, setMore] = useState(false);
  const shown = more ? items : items.slice(0, ASSETS_BEFORE_SHOW_MORE);
  return (
    <div className="asset-grid-wrap">
      {items.length === 0 && <p className="asset-empty">{empty}</p>}
      <ul className="asset-grid" aria-label={addLabel.replace(/^Add /, '') + 's'}>
        {shown.map((item) => (
          <li key={item.id}>{tile(item)}</li>
        ))}
        <li>
          <Tooltip label={addLabel}>
            <button type="button" className="asset-tile asset-add" aria-label={addLabel} onClick={onAdd}>
              <Plus size={22} aria-hidden />
            </button>
          </Tooltip>
        </li>
      </ul>
      {items.length > ASSETS_BEFORE_SHOW_MORE && (
        <button type="button" className="btn btn-ghost btn-small show-more" aria-expanded={more} onClick={() => setMore(!more)}>
          {more ? TEXTS.showLess : TEXTS.showMore}
        </button>
      )}
      {reason && (
        <p className="field-error upload-refused" role="alert">
          {reason}
        </p>
      )}
      <div className="asset-formats">
        {formats.map((f) => (
          <p key={f} className="field-hint">
            {f}
          </p>
        ))}
      </div>
    </div>
  );
}
