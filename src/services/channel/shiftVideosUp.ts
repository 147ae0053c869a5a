/**
 * §3 shiftVideosUp (Settings, local) is honoured by the program: the setting is mirrored into the
 * channel's brand settings, which the preview, the output page and the capture all draw from
 * (the bottom band, compositor/layout/bottomBand.ts). Returns the stop.
 */
import { useSettingsStore } from '../../state/settingsStore';
import { templateActions } from '../../state/channel/templateActions';

export function syncShiftVideosUp(): () => void {
  const apply = () => templateActions.setShiftVideosUp(useSettingsStore.getState().settings.shiftVideosUp);
  apply();
  return useSettingsStore.subscribe((s, prev) => {
    if (s.settings.shiftVideosUp !== prev.settings.shiftVideosUp) apply();
  });
}
