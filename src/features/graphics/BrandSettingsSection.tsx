/**
 * §2 Brand settings: the primary colour (picker, typed hex, the 14 preset swatches, up to 28 saved
 * colours), the lower-third theme (3) and the Name Tags switch; all saved in local storage (§3) and
 * on the channel. A drag in the picker, or a run of arrow keys on it, is one undo entry.
 */
import { Plus, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { HexColorPicker } from 'react-colorful';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { LOWER_THIRD_THEMES, type LowerThirdTheme } from '../../../compositor/model/types';
import { MAX_USER_COLORS, PRESET_SWATCHES } from '../../lib/limits';
import { useChannelStore } from '../../state/channel/store';
import { createColorInput } from '../../state/graphics/colorInput';
import { brandActions } from '../../state/graphics/graphicsActions';
import { readKey, STORAGE_KEYS, writeKey } from '../../state/storage';
import { Switch } from '../../ui/Switch';
import { Tooltip } from '../../ui/Tooltip';
import { Section } from './Section';
import { SwatchRow } from './SwatchRow';

/** How the three themes are told apart in the panel (the compositor draws them). */
export const THEME_NAMES: Record<LowerThirdTheme, string> = {
  lower_third1: 'Bar',
  lower_third2: 'Card',
  lower_third3: 'Tags',
};

/** Ours: a picker drag or run of keys ends (one undo entry) after this pause. */
const COLOR_GESTURE_IDLE_MS = 600;

function usePickerGesture() {
  const open = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const end = () => {
    clearTimeout(timer.current);
    if (open.current) brandActions.endColorDrag();
    open.current = false;
  };
  useEffect(() => end, []);
  return (color: string) => {
    if (!open.current) {
      brandActions.beginColorDrag();
      open.current = true;
    }
    brandActions.setPrimaryColor(color.toUpperCase());
    clearTimeout(timer.current);
    timer.current = setTimeout(end, COLOR_GESTURE_IDLE_MS);
  };
}

function ColorText({ color }: { color: string }) {
  const id = useId();
  const [text, setText] = useState(color);
  const [error, setError] = useState<string | null>(null);
  const input = useMemo(() => createColorInput({ onValid: (c) => (setError(null), brandActions.setPrimaryColor(c)), onInvalid: setError }), []);
  useEffect(() => input.dispose, [input]);
  useEffect(() => {
    input.sync(color);
    setText((t) => (t.trim().toUpperCase() === color.toUpperCase() ? t : color));
  }, [color, input]);
  return (
    <div className="field color-text">
      <label className="field-label" htmlFor={id}>
        Hex
      </label>
      <input
        id={id}
        className="input"
        value={text}
        spellCheck={false}
        aria-invalid={!!error}
        aria-describedby={`${id}-error`}
        onChange={(e) => {
          setText(e.target.value);
          input.input(e.target.value);
        }}
        onKeyDown={(e) => e.key === 'Enter' && input.commit(e.currentTarget.value)}
      />
      <span id={`${id}-error`} className="field-error" role="status">
        {error}
      </span>
    </div>
  );
}

function UserColors({ current }: { current: string }) {
  const [colors, setColors] = useState(() => readKey(STORAGE_KEYS.userColors));
  const [reason, setReason] = useState<string | null>(null);
  const save = (next: string[]) => {
    setColors(next);
    writeKey(STORAGE_KEYS.userColors, next);
  };
  const add = () => {
    if (colors.includes(current)) return setReason(`${current} is already saved.`);
    if (colors.length >= MAX_USER_COLORS) return setReason(`You have ${MAX_USER_COLORS} saved colours: remove one first.`);
    setReason(null);
    save([current, ...colors]);
  };
  return (
    <div className="user-colors">
      {colors.length > 0 && <SwatchRow label={`My colours (${colors.length}/${MAX_USER_COLORS})`} colors={colors} value={current} onChange={(c) => brandActions.setPrimaryColor(c)} />}
      <div className="user-colors-actions">
        <button type="button" className="btn btn-ghost btn-small" onClick={add}>
          <Plus size={14} aria-hidden /> Save colour
        </button>
        {colors.includes(current) && (
          <Tooltip label={`Remove ${current} from my colours`}>
            <button type="button" className="btn btn-ghost btn-small" aria-label={`Remove ${current} from my colours`} onClick={() => save(colors.filter((c) => c !== current))}>
              <X size={14} aria-hidden /> Remove
            </button>
          </Tooltip>
        )}
      </div>
      {reason && (
        <p className="field-hint" role="status">
          {reason}
        </p>
      )}
    </div>
  );
}

export function BrandSettingsSection() {
  const brand = useChannelStore((s) => s.doc.brandSettings);
  const pick = usePickerGesture();
  const color = brand.primaryColor.toUpperCase();
  return (
    <Section id="BRAND SETTINGS" title="Brand settings" defaultOpen>
      <div className="brand-color">
        <span className="field-label" id="brand-color-label">
          Primary colour
        </span>
        <div className="brand-color-row">
          <div className="color-picker" role="group" aria-labelledby="brand-color-label">
            <HexColorPicker color={color} onChange={pick} />
          </div>
          <div className="brand-color-side">
            <span className="brand-color-preview" style={{ background: color }} aria-hidden />
            <ColorText color={color} />
          </div>
        </div>
        <SwatchRow label="Presets" colors={PRESET_SWATCHES} value={color} onChange={(c) => brandActions.setPrimaryColor(c)} />
        <UserColors current={color} />
      </div>
      <RadioGroup className="theme-group" value={brand.selectedTheme} onChange={(t) => brandActions.setTheme(t as LowerThirdTheme)} orientation="horizontal">
        <Label className="field-label">Theme</Label>
        <div className="theme-options">
          {LOWER_THIRD_THEMES.map((t, i) => (
            <Radio key={t} value={t} className={`theme-option theme-${i + 1}`}>
              <span className="theme-sample" aria-hidden>
                <span className="theme-sample-a" />
                <span className="theme-sample-b" />
              </span>
              <span>
                Theme {i + 1}: {THEME_NAMES[t]}
              </span>
            </Radio>
          ))}
        </div>
      </RadioGroup>
      <Switch label="Name Tags" hint="Each person on air gets a tag with their name" checked={brand.nametagsActive} onChange={() => brandActions.toggleNametags()} />
    </Section>
  );
}
