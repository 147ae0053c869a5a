/** §2 Settings: General, Camera and Audio tabs (the selected tab remembered locally). */
import { Tabs } from '../../ui/Tabs';
import { usePersistedTab } from '../../ui/usePersistedTab';
import { AudioSettings } from './AudioSettings';
import { CameraSettings } from './CameraSettings';
import { GeneralSettings } from './GeneralSettings';
import './settings.css';

const TABS = [
  { value: 'GENERAL', label: 'General' },
  { value: 'CAMERA', label: 'Camera' },
  { value: 'AUDIO', label: 'Audio' },
] as const;
type SettingsTab = (typeof TABS)[number]['value'];

export function SettingsPanel() {
  const [tab, setTab] = usePersistedTab<SettingsTab>('settings', TABS.map((t) => t.value), 'GENERAL');
  return (
    <Tabs label="Settings" tabs={TABS} value={tab} onChange={setTab}>
      {tab === 'GENERAL' && <GeneralSettings />}
      {tab === 'CAMERA' && <CameraSettings />}
      {tab === 'AUDIO' && <AudioSettings />}
    </Tabs>
  );
}
