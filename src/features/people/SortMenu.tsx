/** §2 sort menu: alphabetical or arrival time, ascending or descending; §4 opens only if more than 500 ms passed since it was last toggled. */
import { useRef, useState } from 'react';
import { ArrowDownUp, Check } from 'lucide-react';
import { SORT_MENU_GUARD_MS } from '../../state/people/limits';
import { SORT_OPTIONS, type SortOrder } from '../../state/people/people';
import { MenuItem, PopupMenu } from '../../ui/PopupMenu';

export function SortMenu({ value, onChange, now = Date.now }: { value: SortOrder; onChange(o: SortOrder): void; now?: () => number }) {
  const [open, setOpen] = useState(false);
  const lastToggle = useRef(-Infinity);
  const button = useRef<HTMLButtonElement>(null);
  const toggle = (next: boolean) => {
    if (next && now() - lastToggle.current <= SORT_MENU_GUARD_MS) return;
    lastToggle.current = now();
    setOpen(next);
  };
  const same = (o: SortOrder) => o.key === value.key && o.direction === value.direction;
  return (
    <>
      <button ref={button} type="button" className="btn btn-ghost btn-small" aria-haspopup="menu" aria-expanded={open} onClick={() => toggle(!open)}>
        <ArrowDownUp size={14} aria-hidden /> Sort
      </button>
      {open && (
        <PopupMenu label="Sort people" anchor={button.current} onClose={() => toggle(false)}
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={SORT_OPTIONS.filter((o) => same(o.order)).map((o) => o.label)}
          onSelectionChange={(keys) => {
            const picked = SORT_OPTIONS.find((o) => keys !== 'all' && keys.has(o.label));
            if (picked) onChange(picked.order);
          }}
        >
          {SORT_OPTIONS.map((o) => (
            <MenuItem key={o.label} id={o.label} textValue={o.label}>
              {({ isSelected }) => (
                <>
                  <span className="check-slot">{isSelected && <Check size={14} aria-hidden />}</span>
                  {o.label}
                </>
              )}
            </MenuItem>
          ))}
        </PopupMenu>
      )}
    </>
  );
}
