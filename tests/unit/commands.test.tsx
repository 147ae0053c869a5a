/**
 * Commands as data (DESIGN): the command table drives the layout toolbar, the history buttons, the
 * card controls and menu, the keyboard shortcuts and the '?' overlay.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { goOnAir } from '../../compositor/layout';
import { emptyChannel } from '../../compositor/model/channel';
import { LAYOUT_CODES } from '../../compositor/model/types';
import { stageActions } from '../../src/state/channel/stageActions';
import { useChannelStore } from '../../src/state/channel/store';
import { CARD_COMMANDS, TOGGLE_SPOTTED } from '../../src/services/people/cardCommands';
import { commandForKey, keyLabel } from '../../src/state/commands/shortcuts';
import { LAYOUT_COMMANDS, LAYOUT_LABELS, layoutOption, STAGE_COMMANDS } from '../../src/state/commands/stageCommands';
import { useScreenStore } from '../../src/state/screenStore';
import { useTourStore } from '../../src/state/tourStore';
import { producerCard, withOrderRanks } from '../../compositor/model/producerCard';
import { LayoutToolbar } from '../../src/features/stage/LayoutToolbar';
import { STAGE_TEXTS } from '../../src/features/stage/texts';
import { HistoryButtons } from '../../src/features/stage/HistoryButtons';
import { ShortcutsOverlay } from '../../src/features/stage/ShortcutsOverlay';
import { useStageShortcuts } from '../../src/features/stage/useStageShortcuts';
import { ParticipantMenu } from '../../src/features/backstage/ParticipantMenu';

function loadWithLive(live: number) {
  let producers = withOrderRanks(['a', 'b', 'c', 'd'].map((id) => producerCard({ id, name: id.toUpperCase(), participantGuid: `guid-${id}-0001` })));
  for (const p of producers.slice(0, live)) producers = goOnAir(producers, p.id);
  stageActions.load({ ...emptyChannel(), producers });
}
const state = () => useChannelStore.getState();
function Shortcuts() {
  useStageShortcuts();
  return null;
}

beforeEach(() => {
  loadWithLive(3);
  useScreenStore.getState().setShortcutsOpen(false);
});

describe('the layout toolbar is the layout commands', () => {
  it.each([1, 2, 3])('with %i on air: one button per offered layout, enabled as its command says', (live) => {
    loadWithLive(live);
    render(<LayoutToolbar />);
    const buttons = within(screen.getByRole('toolbar', { name: 'Layouts' })).getAllByRole('button');
    const offered = LAYOUT_CODES.filter((code) => layoutOption(state(), code).visible);
    expect(buttons.map((b) => b.getAttribute('data-layout'))).toEqual(offered);
    for (const button of buttons) {
      const command = LAYOUT_COMMANDS.find((c) => c.name === `SELECT:${button.getAttribute('data-layout')}`)!;
      expect(button).toHaveAccessibleName(LAYOUT_LABELS[button.getAttribute('data-layout') as (typeof LAYOUT_CODES)[number]]);
      expect((button as HTMLButtonElement).disabled).toBe(!command.enabled(state()));
      expect(button.getAttribute('aria-keyshortcuts')).toBe(command.keys![0]!.replace('alt', 'Alt'));
    }
  });

  it('shows what is on the program: during a spotlight no layout is pressed, the spotlight is, and ends from there', () => {
    render(<LayoutToolbar />);
    const toolbar = screen.getByRole('toolbar', { name: 'Layouts' });
    expect(within(toolbar).getByRole('button', { name: 'Classic' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(toolbar).queryByRole('button', { name: STAGE_TEXTS.spotlightOn('B') })).toBeNull();

    act(() => void stageActions.toggleSpotlight('b'));
    const spotlight = within(toolbar).getByRole('button', { name: STAGE_TEXTS.spotlightOn('B') });
    expect(spotlight).toHaveAttribute('aria-pressed', 'true');
    for (const code of LAYOUT_CODES) {
      const button = within(toolbar).queryByRole('button', { name: LAYOUT_LABELS[code] });
      if (button) expect(button).toHaveAttribute('aria-pressed', 'false');
    }
    // The chosen layout is marked as the one that comes back.
    expect(within(toolbar).getByRole('button', { name: 'Classic' })).toHaveClass('after-spotlight');

    fireEvent.click(spotlight);
    expect(state().doc.producers.some((p) => p.isSpotted)).toBe(false);
    expect(within(toolbar).queryByRole('button', { name: STAGE_TEXTS.spotlightOn('B') })).toBeNull();
    expect(within(toolbar).getByRole('button', { name: 'Classic' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('a click performs the command (§3 LAYOUT SELECT)', () => {
    render(<LayoutToolbar />);
    fireEvent.click(screen.getByRole('button', { name: 'Split Screen' }));
    expect(state().doc.layout).toBe('SPLIT');
  });
});

describe('keyboard shortcuts come from the same table', () => {
  it.each(LAYOUT_CODES.map((code, i) => [code, i + 1] as const))('Alt+%s… Alt+%i selects the layout when its command is enabled', (code, n) => {
    render(<Shortcuts />);
    const enabled = LAYOUT_COMMANDS[n - 1]!.enabled(state());
    fireEvent.keyDown(window, { key: String(n), code: `Digit${n}`, altKey: true });
    expect(state().doc.layout === code).toBe(enabled || code === 'CLASSIC');
  });

  it('Ctrl+Z undoes and Ctrl+Shift+Z redoes the last edit; typing in a field is never a shortcut', () => {
    render(
      <>
        <Shortcuts />
        <input aria-label="Chat" />
      </>,
    );
    stageActions.setLayout('CINEMA');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Chat' }), { key: 'z', code: 'KeyZ', ctrlKey: true });
    expect(state().doc.layout).toBe('CINEMA');
    fireEvent.keyDown(window, { key: 'z', code: 'KeyZ', ctrlKey: true });
    expect(state().doc.layout).toBe('CLASSIC');
    fireEvent.keyDown(window, { key: 'Z', code: 'KeyZ', ctrlKey: true, shiftKey: true });
    expect(state().doc.layout).toBe('CINEMA');
  });

  it("'?' (Shift+/) opens the overlay, which lists every stage command with its keys", () => {
    render(
      <>
        <Shortcuts />
        <ShortcutsOverlay />
      </>,
    );
    fireEvent.keyDown(window, { key: '?', code: 'Slash', shiftKey: true });
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const command of STAGE_COMMANDS) for (const keys of command.keys ?? []) expect(within(dialog).getAllByText(keyLabel(keys, false)).length).toBeGreaterThan(0);
    for (const command of CARD_COMMANDS) {
      expect(dialog).toHaveTextContent(command.keys ? command.title ?? command.label(state(), producerCard({ id: 'x', name: '' })) : command.label(state(), producerCard({ id: 'x', name: '' })));
      for (const keys of command.keys ?? []) expect(within(dialog).getAllByText(keyLabel(keys, false)).length).toBeGreaterThan(0);
    }
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("the overlay replays the 4-step tour: it closes and the tour starts at its first step, done or not", () => {
    localStorage.setItem('tutorialCompleted', 'true');
    useTourStore.setState({ welcomeStep: null, tourStep: null });
    useScreenStore.getState().setShortcutsOpen(true);
    render(<ShortcutsOverlay />);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).getByRole('button', { name: STAGE_TEXTS.replayTour }));
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
    expect(useTourStore.getState()).toEqual({ welcomeStep: null, tourStep: 0 });
  });

  it('every key is bound to one command only', () => {
    const keys = STAGE_COMMANDS.flatMap((c) => c.keys ?? []);
    expect(new Set(keys).size).toBe(keys.length);
    const cardKeys = CARD_COMMANDS.flatMap((c) => c.keys ?? []);
    expect(new Set(cardKeys).size).toBe(cardKeys.length);
    expect(commandForKey(CARD_COMMANDS, { key: ' ', code: 'Space', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, target: null })?.name).toBe('TOGGLE_LIVE');
    expect(commandForKey(CARD_COMMANDS, { key: 'F2', code: 'F2', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, target: null })?.name).toBe('PEOPLE_UPDATE:name');
    expect(commandForKey(STAGE_COMMANDS, { key: 'y', code: 'KeyY', ctrlKey: true, metaKey: false, shiftKey: false, altKey: false, target: null })?.name).toBe('REDO');
  });
});

describe('history buttons and card menu render their commands', () => {
  it('undo is disabled with nothing to undo, and names what it will undo', () => {
    render(<HistoryButtons />);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    act(() => void stageActions.rename('a', 'Ada'));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(state().doc.producers[0]!.name).toBe('A');
  });

  it('the participant menu shows each card command with its label and enabled state', () => {
    const card = { ...state().doc.producers[0]!, audioHardMute: true, audioMute: true };
    const anchor = document.body.appendChild(document.createElement('button'));
    render(<ParticipantMenu card={card} isSelf={false} anchor={anchor} onRename={() => undefined} onClose={() => undefined} />);
    expect(screen.getByRole('menuitem', { name: 'Unmute mic' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('menuitem', { name: 'Enable mic' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('menuitem', { name: 'Remove presenter' })).not.toHaveAttribute('aria-disabled');
    expect(TOGGLE_SPOTTED.enabled(state(), { ...card, isLive: false })).toBe(false);
  });
});
