/**
 * §2 Logos: a grid (6 until Show More), up to four on stage, one per corner. §4: on selecting, a logo
 * whose corner is taken moves to the first free one; its corner changes only to a free corner; rename
 * saves; delete takes it off the stage, then removes it after 100 ms. Uploads show their progress.
 */
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Radio, RadioGroup } from 'react-aria-components';
import type { LogoItem, LogoPosition } from '../../../compositor/model/channel';
import { TEXTS } from '../../lib/texts';
import { supportedFormatsTexts } from '../../lib/uploadRules';
import { useChannelStore } from '../../state/channel/store';
import { logoActions } from '../../state/graphics/graphicsActions';
import { useLibraryStore } from '../../state/graphics/library';
import { canMoveLogo, LOGO_CORNER_LABELS, LOGO_CORNERS } from '../../state/graphics/rules';
import { InlineRename } from '../../ui/InlineRename';
import { Tooltip } from '../../ui/Tooltip';
import { AssetGrid } from './AssetGrid';
import { Section } from './Section';
import { UploadTile } from './UploadTile';
import { useUploader } from './useUploader';
import { VerticalChoice } from './VerticalChoice';

const cornerLabel = (logo: LogoItem) => LOGO_CORNER_LABELS[logo.corner as keyof typeof LOGO_CORNER_LABELS] ?? 'On stage';
/** The tile's name holds what it shows (NEW, the corner) and what pressing does. */
const logoName = (logo: LogoItem) => `${logo.name}${logo.isNew ? ', NEW' : ''}${logo.selected ? `, ${cornerLabel(logo)}: take it off the stage` : ': show it on stage'}`;

function CornerPicker({ logo, templates, onRefused }: { logo: LogoItem; templates: readonly LogoItem[]; onRefused(reason: string): void }) {
  return (
    <RadioGroup
      className="corner-picker"
      aria-label={`Corner of ${logo.name}`}
      value={logo.corner}
      onChange={(c) => {
        const outcome = logoActions.move(logo.id, c as LogoPosition);
        if (!outcome.ok) onRefused(outcome.reason);
      }}
    >
      {LOGO_CORNERS.map((c) => (
        <Radio key={c} value={c} className={`corner corner-${c.toLowerCase()}`} aria-label={LOGO_CORNER_LABELS[c]} isDisabled={!canMoveLogo(templates, logo.id, c)}>
          <span className="corner-dot" aria-hidden />
        </Radio>
      ))}
    </RadioGroup>
  );
}

export function LogosSection() {
  const templates = useChannelStore((s) => s.doc.templates);
  const logos = templates.filter((t): t is LogoItem => t.type === 'LOGO');
  const uploads = useLibraryStore((s) => s.items.logo);
  const uploader = useUploader('logo');
  const [refusal, setRefusal] = useState<string | null>(null);
  const items = [...uploads.map((u) => ({ id: u.id, upload: u })), ...logos.map((l) => ({ id: l.id, logo: l }))];
  const toggle = (id: string) => {
    const outcome = logoActions.toggle(id);
    setRefusal(outcome.ok ? null : outcome.reason);
  };
  return (
    <Section id="LOGOS" title="Logos" count={logos.length}>
      {refusal && (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      )}
      <input {...uploader.inputProps} />
      <AssetGrid
        items={items}
        empty={TEXTS.noLogo}
        addLabel="Add logo"
        onAdd={() => uploader.open()}
        formats={supportedFormatsTexts('logo')}
        reason={uploader.reason}
        tile={(entry) =>
          'upload' in entry && entry.upload ? (
            <UploadTile item={entry.upload} onRetry={() => uploader.open(entry.id)} />
          ) : 'logo' in entry && entry.logo ? (
            <div className={`asset-tile logo-tile${entry.logo.selected ? ' on-stage' : ''}`} data-logo-id={entry.id}>
              <button type="button" className="asset-select" aria-pressed={entry.logo.selected} aria-label={logoName(entry.logo)} onClick={() => toggle(entry.id)}>
                <img className="asset-thumb logo-thumb" src={entry.logo.source} alt="" />
                {entry.logo.isNew && <span className="new-label">NEW</span>}
                {entry.logo.selected && <span className="asset-on-stage">{cornerLabel(entry.logo)}</span>}
              </button>
              <div className="asset-footer">
                <InlineRename value={entry.logo.name} label="Rename logo" onSave={(n) => logoActions.rename(entry.id, n)} showSaved={false} className="asset-name" />
                <CornerPicker logo={entry.logo} templates={logos} onRefused={setRefusal} />
                <Tooltip label={`Delete ${entry.logo.name}`}>
                  <button type="button" className="icon-button" aria-label={`Delete logo: ${entry.logo.name}`} onClick={() => logoActions.remove(entry.id)}>
                    <Trash2 size={16} aria-hidden />
                  </button>
                </Tooltip>
              </div>
              <VerticalChoice item={entry.logo} />
            </div>
          ) : null
        }
      />
    </Section>
  );
}
