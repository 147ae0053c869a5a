/**
 * The image the virtual background puts behind the moderator: the show's own background (it
 * follows the stage) or one of the predefined backgrounds. A radio group of thumbnails; arrow keys
 * move between them as in any radio group.
 */
import { VIRTUAL_BG_STAGE, useSettingsStore } from '../../state/settingsStore';
import { useChannelStore } from '../../state/channel/store';
import { PREDEFINED_BACKGROUNDS, virtualBackgroundImage } from '../../services/assets/predefined';
import { tellDone } from '../../state/feedback';

export const VIRTUAL_BG_TEXTS = {
  group: 'Virtual background image',
  stage: "The show's background",
  stageCaption: 'Show',
} as const;

export function VirtualBackgroundPicker({ disabled }: { disabled: boolean }) {
  const chosen = useSettingsStore((s) => s.settings.cameraVirtualBgImage);
  const stageBackground = useChannelStore((s) => virtualBackgroundImage(VIRTUAL_BG_STAGE, s.doc.media.background?.id ?? null));
  const options = [
    { id: VIRTUAL_BG_STAGE, name: VIRTUAL_BG_TEXTS.stage, url: stageBackground?.url },
    ...PREDEFINED_BACKGROUNDS.map((b) => ({ id: b.id, name: b.title, url: b.url })),
  ];
  const choose = (id: string) => {
    useSettingsStore.getState().update({ cameraVirtualBgImage: id });
    const name = options.find((o) => o.id === id)?.name;
    if (name) tellDone(`${VIRTUAL_BG_TEXTS.group}: ${name}`);
  };
  return (
    <fieldset className="virtual-bg-picker" disabled={disabled}>
      <legend className="field-label">{VIRTUAL_BG_TEXTS.group}</legend>
      <div className="virtual-bg-options">
        {options.map((o) => (
          <label key={o.id} className={`virtual-bg-option${o.id === chosen ? ' selected' : ''}`} title={o.name}>
            <input type="radio" name="virtual-bg-image" value={o.id} checked={o.id === chosen} onChange={() => choose(o.id)} aria-label={o.name} />
            {o.url ? <img src={o.url} alt="" loading="lazy" /> : <span className="virtual-bg-none" aria-hidden />}
            {o.id === VIRTUAL_BG_STAGE && <span className="virtual-bg-caption">{VIRTUAL_BG_TEXTS.stageCaption}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
