/**
 * §2 Tickers: the list and its editor with the 'n/500 max characters' counter. §4: selecting makes
 * it the only ticker on stage and clears its NEW flag; the one on stage cannot be edited or deleted;
 * deleting plays the trash sound; a new ticker is saved as new and unselected. Its background is its
 * own primary colour, chosen from the swatches. T toggles the ticker.
 */
import { Plus } from 'lucide-react';
import { PRESET_SWATCHES, TICKER_TEXT_MAX } from '../../lib/limits';
import { TEXTS } from '../../lib/texts';
import { isBlankText } from '../../lib/text';
import { useChannelStore } from '../../state/channel/store';
import { tickerActions, type TickerDraft } from '../../state/graphics/graphicsActions';
import { sounds } from '../../services/show/sounds';
import { GraphicEditor } from './GraphicEditor';
import { GraphicList } from './GraphicList';
import { LimitedField } from './LimitedField';
import { Section } from './Section';
import { useGraphicDraft } from './useGraphicDraft';
import { SwatchRow } from './SwatchRow';

export function TickersSection() {
  const items = useChannelStore((s) => s.doc.templates).filter((t) => t.type === 'TICKER');
  const brandColor = useChannelStore((s) => s.doc.brandSettings.primaryColor);
  const { draft, error, edit, change, save, report } = useGraphicDraft<TickerDraft>(tickerActions.save);
  const remove = (id: string) => {
    const outcome = tickerActions.remove(id);
    if (outcome.ok) sounds.play('deletePreset'); // §4 the trash sound
    report(outcome);
  };
  return (
    <Section id="TICKERS" title="Tickers" count={items.length}>
      {items.length > 0 && (
        <GraphicList
          items={items}
          noun="ticker"
          lines={(t) => [t.primaryText]}
          swatch={(t) => t.primaryColor}
          onToggle={(id) => tickerActions.toggle(id)}
          onEdit={(t) => edit({ id: t.id, primaryText: t.primaryText, primaryColor: t.primaryColor })}
          onDelete={remove}
        />
      )}
      {draft ? (
        <GraphicEditor title={draft.id ? 'Edit ticker' : 'New ticker'} error={error} canSave={!isBlankText(draft.primaryText)} onSave={save} onCancel={() => edit(null)}>
          <LimitedField label="Ticker text" value={draft.primaryText} max={TICKER_TEXT_MAX} multiline counter={TEXTS.tickerCounter} onChange={(primaryText) => change({ ...draft, primaryText })} autoFocus placeholder="What scrolls along the bottom" />
          <SwatchRow label="Background colour" colors={[...new Set([brandColor, ...PRESET_SWATCHES].map((c) => c.toUpperCase()))]} value={draft.primaryColor} onChange={(primaryColor) => change({ ...draft, primaryColor })} />
        </GraphicEditor>
      ) : (
        <>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <button type="button" className="btn btn-secondary btn-small graphics-add" onClick={() => edit({ primaryText: '', primaryColor: brandColor })}>
            <Plus size={14} aria-hidden /> Add ticker
          </button>
        </>
      )}
    </Section>
  );
}
