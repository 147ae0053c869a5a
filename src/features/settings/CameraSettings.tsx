/**
 * Settings › Camera: the camera, camera blur (range 5 by default) and the virtual background with
 * its image (the show's own background by default). The preview shows the feed as the studio sends it.
 */
import { useEffect, useRef } from 'react';
import { CAMERA_BLUR_RANGE_MAX, SETTINGS_TOGGLE_DEBOUNCE_MS } from '../../lib/limits';
import { media } from '../../services/media/elements';
import { SELF_ID } from '../../state/session';
import { useSettingsStore } from '../../state/settingsStore';
import { Switch } from '../../ui/Switch';
import { DevicePicker } from './DevicePicker';
import { VirtualBackgroundPicker } from './VirtualBackgroundPicker';
import { sliderText, useDebouncedSetting } from './useDebouncedSetting';
import { tellSettled } from '../../state/feedback';

import { useDeviceLists } from './useDeviceLists';
import { prepareCameraEffects } from '../../services/media/cameraEffectsClient';
import { useCameraEffectStatus } from '../../state/media/cameraEffectStatus';

export const CAMERA_SETTING_LABELS = {
  blur: 'Blur my camera',
  blurRange: 'Blur strength',
  virtualBg: 'Virtual background',
  starting: 'Starting the background effect… your camera shows as it is until then.',
} as const;

function OwnPreview() {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const attach = () => {
      const el = media.get(SELF_ID);
      if (ref.current && el instanceof HTMLVideoElement && ref.current.srcObject !== el.srcObject) ref.current.srcObject = el.srcObject;
    };
    attach();
    return media.subscribe(attach);
  }, []);
  return <video ref={ref} className="settings-preview" muted autoPlay playsInline aria-label="Your camera as the studio sends it" />;
}

export function CameraSettings() {
  const lists = useDeviceLists();
  const [blur, setBlur] = useDebouncedSetting('cameraBlurActive', SETTINGS_TOGGLE_DEBOUNCE_MS, CAMERA_SETTING_LABELS.blur);
  const [virtualBg, setVirtualBg] = useDebouncedSetting('cameraVirtualBgActive', SETTINGS_TOGGLE_DEBOUNCE_MS, CAMERA_SETTING_LABELS.virtualBg);
  const range = useSettingsStore((s) => s.settings.cameraBlurRange);
  const starting = useCameraEffectStatus((s) => s.starting);
  // Whoever opens this tab may turn an effect on: its model loads now rather than after the switch.
  useEffect(prepareCameraEffects, []);
  return (
    <div className="settings-section">
      <OwnPreview />
      <DevicePicker kind="camera" list={lists.camera} />
      <fieldset className="settings-group">
        <legend>Background</legend>
        <Switch label={CAMERA_SETTING_LABELS.blur} checked={blur} onChange={setBlur} />
        <div className="field">
          <label className="field-label" htmlFor="blur-range">
            {sliderText(CAMERA_SETTING_LABELS.blurRange, range)}
          </label>
          <input
            id="blur-range"
            type="range"
            min={1}
            max={CAMERA_BLUR_RANGE_MAX}
            value={range}
            disabled={!blur && !virtualBg}
            onChange={(e) => {
              const value = Number(e.target.value);
              useSettingsStore.getState().update({ cameraBlurRange: value });
              tellSettled('cameraBlurRange', sliderText(CAMERA_SETTING_LABELS.blurRange, value));
            }}
          />
        </div>
        <Switch label={CAMERA_SETTING_LABELS.virtualBg} hint="Replaces your room with an image, softly out of focus" checked={virtualBg} onChange={setVirtualBg} />
        <VirtualBackgroundPicker disabled={!virtualBg} />
        <p className="field-hint" role="status">
          {starting ? CAMERA_SETTING_LABELS.starting : ''}
        </p>
      </fieldset>
    </div>
  );
}
