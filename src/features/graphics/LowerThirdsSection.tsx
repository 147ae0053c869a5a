/**
 * §2 Lower thirds: the list and its editor. §4: one on stage at a time (selecting again takes it off),
 * the one on stage cannot be edited or deleted, editing works on a clone, Cancel drops a new one.
 * §5: primary and secondary text up to 120 characters each. Digits 1–9 toggle the first nine.
 */
import { Plus } from 'lucide-react';
import { LOWER_THIRD_TEXT_MAX } from '../../lib/limits';
import { isBlankText } from '../../lib/text';
import { useChannelStore } from '../../state/channel/store';
import { lowerThirdActions, type LowerThirdDraft } from '../../state/graphics/graphicsActions';
import { LOWER_THIRD_SHORTCUTS } from '../../state/commands/graphicsCommands';
import { GraphicEditor } from './GraphicEditor';
import { GraphicList } from './GraphicList';
import { LimitedField } from './LimitedField';
import { Section } from './Section';
import { useGraphicDraft } from './useGraphicDraft';

export function LowerThirdsSection() {
  const items = useChannelStore((s) => s.doc.templates).filter((t) => t.type === 'LOWERTHIRD');
  const { draft, error, edit, change, save, report } = useGraphicDraft<LowerThirdDraft>(lowerThirdActions.save);
  return (
    <Section id="LOWER THIRDS" title="Lower thirds" count={items.length} defaultOpen>
      {items.length > 0 && (
        <GraphicList
          items={items}
          noun="lower third"
          lines={(t) => [t.primaryText, t.secondaryText || undefined]}
          onToggle={(id) => lowerThirdActions.toggle(id)}
          onEdit={(t) => edit({ id: t.id, primaryText: t.primaryText, secondaryText: t.secondaryText })}
          onDelete={(id) => report(lowerThirdActions.remove(id))}
          shortcut={(i) => (i < LOWER_THIRD_SHORTCUTS ? String(i + 1) : undefined)}
        />
      )}
      {draft ? (
        <GraphicEditor title={draft.id ? 'Edit lower third' : 'New lower third'} error={error} canSave={!isBlankText(draft.primaryText)} onSave={save} onCancel={() => edit(null)}>
          <LimitedField label="Primary text" value={draft.primaryText} max={LOWER_THIRD_TEXT_MAX} onChange={(primaryText) => change({ ...draft, primaryText })} autoFocus placeholder="Name or headline" />
          <LimitedField label="Secondary text" value={draft.secondaryText} max={LOWER_THIRD_TEXT_MAX} onChange={(secondaryText) => change({ ...draft, secondaryText })} placeholder="Title or detail" />
        </GraphicEditor>
      ) : (
        <>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <button type="button" className="btn btn-secondary btn-small graphics-add" onClick={() => edit({ primaryText: '', secondaryText: '' })}>
            <Plus size={14} aria-hidden /> Add lower third
          </button>
        </>
      )}
    </Section>
  );
}
