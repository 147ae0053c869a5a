/** Settings › General: broadcast quality (§9; backend mode says what its server recommends), guest-entry rules, and the studio's sound effects. */
import { BROADCAST_QUALITIES, useSettingsStore, type BroadcastQuality } from '../../state/settingsStore';
import { SETTINGS_TOGGLE_DEBOUNCE_MS } from '../../lib/limits';
import { SOUND_EFFECTS } from '../../services/show/sounds';
import { Switch } from '../../ui/Switch';
import { soundToggleText, useDebouncedSetting } from './useDebouncedSetting';
import { QualityHint } from '../live/QualityHint';
import { tellDone } from '../../state/feedback';

function SettingSwitch({ name, label, hint }: { name: 'disableVideoOnGuestEnter' | 'muteMicOnGuestEnter' | 'shareByModeratorOnly' | 'automaticAddStreamSharedScreen' | 'shiftVideosUp' | 'playSoundFx'; label: string; hint?: string }) {
  const [value, set] = useDebouncedSetting(name, SETTINGS_TOGGLE_DEBOUNCE_MS, label);
  return <Switch label={label} hint={hint} checked={value} onChange={set} />;
}

export function GeneralSettings() {
  const quality = useSettingsStore((s) => s.settings.broadcastQuality);
  const soundOn = useSettingsStore((s) => s.settings.playSoundFx);
  const toggles = useSettingsStore((s) => s.soundToggles);
  return (
    <div className="settings-section">
      <fieldset className="settings-group">
        <legend>Broadcast quality</legend>
        <div className="radio-cards" role="radiogroup" aria-label="Broadcast quality">
          {BROADCAST_QUALITIES.map((q) => (
            <label key={q.value} className={`radio-card${quality === q.value ? ' selected' : ''}`}>
              <input type="radio" name="broadcastQuality" value={q.value} checked={quality === q.value} onChange={() => {
                  useSettingsStore.getState().chooseQuality(q.value as BroadcastQuality);
                  tellDone(`Broadcast quality: ${q.value}`);
                }} />
              <strong>{q.value}</strong>
              <span className="field-hint">{q.label}</span>
            </label>
          ))}
        </div>
        <QualityHint />
      </fieldset>
      <fieldset className="settings-group">
        <legend>When guests enter</legend>
        <SettingSwitch name="muteMicOnGuestEnter" label="Mute guests' microphones" />
        <SettingSwitch name="disableVideoOnGuestEnter" label="Turn guests' cameras off" />
        <SettingSwitch name="shareByModeratorOnly" label="Only moderators can share" />
        <SettingSwitch name="automaticAddStreamSharedScreen" label="Put my shared screen on stage automatically" />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Stage</legend>
        <SettingSwitch name="shiftVideosUp" label="Shift videos up" hint="While a lower third, ticker or chat message is on stream, the videos move up so no face is covered" />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Sound effects</legend>
        <SettingSwitch name="playSoundFx" label="Play studio sounds" />
        <div className="sound-list" aria-disabled={!soundOn}>
          {SOUND_EFFECTS.map((e) => (
            <Switch key={e.key} label={e.label} checked={toggles[e.key] !== false} disabled={!soundOn} onChange={(on) => {
                useSettingsStore.getState().setSoundToggle(e.key, on);
                tellDone(soundToggleText(e.label, on));
              }} />
          ))}
        </div>
      </fieldset>
    </div>
  );
}
