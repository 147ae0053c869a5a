/**
 * The shared controls of src/ui on React Aria: the keyboard and focus behaviour they promise (dialog
 * focus trap and return, menu arrows / typeahead / Escape, tabs arrows / Home / End, switch state).
 */
import { describe, expect, it, vi } from 'vitest';
import { useRef, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from '../../src/ui/Dialog';
import { ConfirmDialog } from '../../src/ui/ConfirmDialog';
import { ConfirmDelete } from '../../src/ui/ConfirmDelete';
import { FailureNotice } from '../../src/ui/FailureNotice';
import { MenuItem, PopupMenu, PopupMenuItem } from '../../src/ui/PopupMenu';
import { TOOLTIP_DELAY } from '../../src/lib/limits';
import { Tabs } from '../../src/ui/Tabs';
import { Switch } from '../../src/ui/Switch';

/** A button that opens a dialog; the dialog's CANCEL / close / Escape close it. */
function DialogHost({ onCancel = true }: { onCancel?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog
          title="Keyboard shortcuts"
          closeLabel="Close"
          onCancel={onCancel ? () => setOpen(false) : undefined}
          actions={
            <>
              <button type="button" onClick={() => setOpen(false)}>
                OK
              </button>
              <button type="button" data-autofocus>
                Apply
              </button>
            </>
          }
        >
          <input aria-label="Filter" />
        </Dialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  it('is a modal dialog named by its title; focus starts on the data-autofocus control and Tab stays inside', async () => {
    const user = userEvent.setup();
    render(<DialogHost />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(screen.getByRole('heading', { level: 2, name: 'Keyboard shortcuts' })).toHaveClass('dialog-title');
    expect(dialog).toHaveClass('dialog');
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveFocus();
    const inside = ['Close', 'Filter', 'OK', 'Apply'];
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(inside).toContain(document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('Escape cancels and focus goes back to the button that opened it; so does a closing button', async () => {
    const user = userEvent.setup();
    render(<DialogHost />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(opener).toHaveFocus());
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(opener).toHaveFocus());
  });

  it('without a cancel action Escape does nothing and there is no close icon', async () => {
    const user = userEvent.setup();
    render(<DialogHost onCancel={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('a confirmation is an alertdialog that starts on CANCEL', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog title="Exit studio" confirmLabel="YES, EXIT STUDIO" onConfirm={() => undefined} onCancel={onCancel}>
        Are you sure?
      </ConfirmDialog>,
    );
    expect(screen.getByRole('alertdialog', { name: 'Exit studio' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CANCEL' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('a delete confirmation names the item; DELETE closes it first, then deletes; CANCEL only closes', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    const confirm = () =>
      render(<ConfirmDelete title="Delete this poll?" subject="Lunch?" body="This cannot be undone." confirmLabel="DELETE" onDelete={() => calls.push('delete')} onClose={() => calls.push('close')} />);
    const { unmount } = confirm();
    expect(screen.getByRole('alertdialog', { name: 'Delete this poll?' })).toHaveTextContent('Lunch?This cannot be undone.');
    await user.click(screen.getByRole('button', { name: 'DELETE' }));
    expect(calls).toEqual(['close', 'delete']);
    unmount();
    calls.length = 0;
    confirm();
    await user.click(screen.getByRole('button', { name: 'CANCEL' }));
    expect(calls).toEqual(['close']);
  });
});

describe('FailureNotice', () => {
  it('is an alert with the reason, until dismissed', async () => {
    const user = userEvent.setup();
    const onDismiss = vi.fn();
    render(<FailureNotice className="poll-failure" message="Start failed: Server says no" onDismiss={onDismiss} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Start failed: Server says no');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});

/** An anchor button and its menu (the caller owns the open state, as ParticipantMenu's card does). */
function MenuHost({ onAction }: { onAction(item: string): void }) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={anchor} type="button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(true)}>
        Options
      </button>
      {open && (
        <PopupMenu label="Guest options" anchor={anchor.current} onClose={() => setOpen(false)}>
          {['Rename', 'Remove', 'Spotlight', 'Mute', 'Settings'].map((item) => (
            <MenuItem key={item} id={item} isDisabled={item === 'Mute'} onAction={() => onAction(item)}>
              {item}
            </MenuItem>
          ))}
        </PopupMenu>
      )}
    </>
  );
}

describe('PopupMenu', () => {
  it('opens on its first item; arrows wrap and skip disabled items; Home/End jump; typeahead finds an item', async () => {
    const user = userEvent.setup();
    render(<MenuHost onAction={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Options' }));
    expect(screen.getByRole('menu', { name: 'Guest options' })).toBeInTheDocument();
    const item = (name: string) => screen.getByRole('menuitem', { name });
    expect(item('Rename')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Remove')).toHaveFocus();
    await user.keyboard('s');
    expect(item('Spotlight')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Settings')).toHaveFocus(); // Mute is disabled
    await user.keyboard('{ArrowDown}');
    expect(item('Rename')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('Settings')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('Rename')).toHaveFocus();
  });

  it('Escape closes it and focus goes back to its anchor', async () => {
    const user = userEvent.setup();
    render(<MenuHost onAction={() => undefined} />);
    const anchor = screen.getByRole('button', { name: 'Options' });
    await user.click(anchor);
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    await vi.waitFor(() => expect(anchor).toHaveFocus());
  });

  it('Enter runs the focused item once and closes the menu', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    render(<MenuHost onAction={onAction} />);
    await user.click(screen.getByRole('button', { name: 'Options' }));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onAction).toHaveBeenCalledExactlyOnceWith('Spotlight');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

type SettingsTab = 'GENERAL' | 'CAMERA' | 'AUDIO';
describe('PopupMenuItem', () => {
  it('describes its item with the hint and shows it as a tooltip after the §9 delay while the item is focused', async () => {
    const user = userEvent.setup();
    const anchor = document.body.appendChild(document.createElement('button'));
    render(
      <PopupMenu label="Guest options" anchor={anchor} onClose={() => undefined}>
        <MenuItem id="rename">Edit name</MenuItem>
        <PopupMenuItem id="noise" tooltip="Filters out background noise.">
          Noise cancellation: off
        </PopupMenuItem>
      </PopupMenu>,
    );
    const item = screen.getByRole('menuitem', { name: 'Noise cancellation: off' });
    expect(item).toHaveAccessibleDescription('Filters out background noise.');
    await user.keyboard('{ArrowDown}');
    expect(item).toHaveFocus();
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
    const tooltip = await screen.findByRole('tooltip', { hidden: true }, { timeout: TOOLTIP_DELAY.open + 1000 });
    expect(tooltip).toHaveTextContent('Filters out background noise.');
    await user.keyboard('{ArrowUp}');
    await vi.waitFor(() => expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull(), { timeout: TOOLTIP_DELAY.close + 1000 });
    anchor.remove();
  });
});

function TabsHost() {
  const [value, setValue] = useState<SettingsTab>('GENERAL');
  return (
    <Tabs<SettingsTab>
      label="Settings"
      value={value}
      onChange={setValue}
      tabs={[
        { value: 'GENERAL', label: 'General' },
        { value: 'CAMERA', label: 'Camera', count: 2 },
        { value: 'AUDIO', label: 'Audio' },
      ]}
    >
      <p>{value} panel</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('arrows move and select (wrapping), Home/End jump; only the selected tab is in the tab order; the panel is labelled by it', async () => {
    const user = userEvent.setup();
    render(<TabsHost />);
    expect(screen.getByRole('tablist', { name: 'Settings' })).toBeInTheDocument();
    const tab = (name: RegExp) => screen.getByRole('tab', { name });
    await user.tab();
    expect(tab(/^General/)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab(/^Camera/)).toHaveFocus();
    expect(tab(/^Camera/)).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: /^Camera/ })).toHaveTextContent('CAMERA panel');
    await user.keyboard('{End}');
    expect(tab(/^Audio/)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tab(/^General/)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(tab(/^Audio/)).toHaveFocus();
    expect(tab(/^General/)).toHaveAttribute('tabindex', '-1');
    expect(tab(/^Camera/)).toHaveTextContent('Camera2');
  });

  it('after a switch the selected tab controls the panel that is there (axe: aria-valid-attr-value)', async () => {
    const user = userEvent.setup();
    render(<TabsHost />);
    await user.click(screen.getByRole('tab', { name: /^Audio/ }));
    const controls = screen.getByRole('tab', { name: /^Audio/ }).getAttribute('aria-controls');
    expect(controls).toBe(screen.getByRole('tabpanel').id);
  });
});

describe('Switch', () => {
  it('is a switch named by its label and hint whose state is checked; Space and a click toggle it', async () => {
    const user = userEvent.setup();
    function Host() {
      const [on, setOn] = useState(false);
      return <Switch label="Blur my camera" hint="Softly out of focus" checked={on} onChange={setOn} />;
    }
    render(<Host />);
    const toggle = screen.getByRole('switch', { name: /^Blur my camera/ });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(toggle).toBeChecked();
    await user.keyboard(' ');
    expect(toggle).not.toBeChecked();
    render(<Switch label="Exit" checked onChange={() => undefined} disabled />);
    expect(screen.getByRole('switch', { name: 'Exit' })).toBeDisabled();
  });
});
