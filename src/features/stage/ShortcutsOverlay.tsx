/**
 * The keyboard-shortcut overlay ('?'): every command of the command table with its keys, by section,
 * read from the same entries the buttons and the shortcuts run, so it lists exactly what works. Being
 * the studio's help, it also replays the §2 coachmark tour, which otherwise shows only once.
 */
import { useScreenStore } from '../../state/screenStore';
import { tourActions } from '../../state/tourStore';
import { useChannelStore } from '../../state/channel/store';
import { CARD_COMMANDS, CARD_NAVIGATION_KEYS } from '../../services/people/cardCommands';
import { keyLabel } from '../../state/commands/shortcuts';
import { STAGE_COMMANDS } from '../../state/commands/stageCommands';
import type { CommandSection } from '../../state/commands/types';
import { Dialog } from '../../ui/Dialog';
import { producerCard } from '../../../compositor/model/producerCard';
import { STAGE_TEXTS as T } from './texts';

const SECTIONS: readonly CommandSection[] = ['Stage', 'Layouts', 'Graphics', 'Show', 'Help'];
/** A card in its resting state, so the card commands read as their plain action ('Put on air'). */
const SAMPLE_CARD = producerCard({ id: 'sample', name: '' });

export function ShortcutsOverlay() {
  const open = useScreenStore((s) => s.shortcutsOpen);
  const stage = useChannelStore();
  if (!open) return null;
  const close = () => useScreenStore.getState().setShortcutsOpen(false);
  const replayTour = () => {
    close();
    tourActions.startTour();
  };
  const cardKeys = CARD_COMMANDS.filter((c) => c.keys);
  const menuOnly = CARD_COMMANDS.filter((c) => !c.keys).map((c) => c.label(stage, SAMPLE_CARD));
  const row = (name: string, title: string, keys: readonly string[]) => (
    <div key={name} className="shortcut-row">
      <dt>{title}</dt>
      <dd>
        {keys.map((k) => (
          <kbd key={k}>{keyLabel(k)}</kbd>
        ))}
      </dd>
    </div>
  );
  return (
    <Dialog title="Keyboard shortcuts" onCancel={close} closeLabel="Close" className="shortcuts-dialog" testId="shortcuts-dialog">
      {SECTIONS.map((section) => (
        <section key={section} className="shortcuts-section" aria-label={section}>
          <h3>{section}</h3>
          <dl>{STAGE_COMMANDS.filter((c) => c.section === section).map((c) => row(c.name, c.title ?? c.name, c.keys ?? []))}</dl>
          {section === 'Help' && (
            <button type="button" className="btn btn-secondary btn-small shortcuts-tour" onClick={replayTour}>
              {T.replayTour}
            </button>
          )}
        </section>
      ))}
      <section className="shortcuts-section" aria-label="Producer card">
        <h3>Producer card</h3>
        <dl>
          {row('FOCUS', 'Move between cards', CARD_NAVIGATION_KEYS)}
          {cardKeys.map((c) => row(c.name, c.title ?? c.label(stage, SAMPLE_CARD), c.keys!))}
        </dl>
        <p className="shortcuts-note">
          The keys act on the focused card. In its menu: {menuOnly.join(', ')}. Double-click a card to put it on air or take it off.
        </p>
      </section>
    </Dialog>
  );
}
