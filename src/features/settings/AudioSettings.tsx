/** Settings › Audio: microphone and speaker, the speaker test (§9 4 s), processing and gain. */
import { Play, Square } from 'lucide-react';
import { ECHO_SETTING_DEBOUNCE_MS, SETTINGS_TOGGLE_DEBOUNCE_MS } from '../../lib/limits';
import { useSettingsStore } from '../../state/settingsStore';
import { Switch } from '../../ui/Switch';
import { useSpeakerTest } from '../haircheck/useSpeakerTest';
import { DevicePicker } from './DevicePicker';
import { sliderText, useDebouncedSetting } from './useDebouncedSetting';
import { tellSettled } from '../../state/feedback';

const GAIN_LABEL = 'Microphone gain';
import { useDeviceLists } from './useDeviceLists';

export function AudioSettings() {
  const lists = useDeviceLists();
  const speakerId = useSettingsStore((s) => s.lastUsedDevices.speaker?.deviceId ?? null);
  const speaker = useSpeakerTest(speakerId);
  const [echo, setEcho] = useDebouncedSetting('echoCancellation', ECHO_SETTING_DEBOUNCE_MS, 'Echo cancellation');
  const [stereo, setStereo] = useDebouncedSetting('stereoInput', SETTINGS_TOGGLE_DEBOUNCE_MS, 'Stereo input');
  const [autoGain, setAutoGain] = useDebouncedSetting('autoGain', SETTINGS_TOGGLE_DEBOUNCE_MS, 'Automatic gain');
  const gain = useSettingsStore((s) => s.settings.manualGain);
  return (
    <div className="settings-section">
      <DevicePicker kind="microphone" list={lists.microphone} />
      <div className="speaker-row">
        <DevicePicker kind="speaker" list={lists.speaker} />
        <button type="button" className="btn btn-secondary speaker-test" aria-pressed={speaker.playing} onClick={speaker.toggle}>
          {speaker.playing ? <Square size={14} aria-hidden /> : <Play size={14} aria-hidden />}
          {speaker.playing ? 'Stop' : 'Test speaker'}
        </button>
      </div>
      <fieldset className="settings-group">
        <legend>Processing</legend>
        <Switch label="Echo cancellation" checked={echo} onChange={setEcho} />
        <Switch label="Stereo input" checked={stereo} onChange={setStereo} />
        <Switch label="Automatic gain" checked={autoGain} onChange={setAutoGain} />
        <div className="field">
          <label className="field-label" htmlFor="manual-gain">
            {sliderText(GAIN_LABEL, gain)}
          </label>
          <input
            id="manual-gain"
            type="range"
            min={0}
            max={20}
            value={gain}
            disabled={autoGain}
            onChange={(e) => {
              const value = Number(e.target.value);
              useSettingsStore.getState().update({ manualGain: value });
              tellSettled('manualGain', sliderText(GAIN_LABEL, value));
            }}
          />
        </div>
      </fieldset>
    </div>
  );
}
