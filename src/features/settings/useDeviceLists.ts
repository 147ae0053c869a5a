/** The devices of each kind, kept current as devices come and go. */
import { useEffect, useState } from 'react';
import { groupDevices, type DeviceLists } from '../../services/media/devices';

const EMPTY: DeviceLists = { camera: [], microphone: [], speaker: [] };

export function useDeviceLists(): DeviceLists {
  const [lists, setLists] = useState<DeviceLists>(EMPTY);
  useEffect(() => {
    const media = navigator.mediaDevices;
    if (!media?.enumerateDevices) return;
    let alive = true;
    const refresh = () => void media.enumerateDevices().then((all) => alive && setLists(groupDevices(all)), () => undefined);
    refresh();
    media.addEventListener?.('devicechange', refresh);
    return () => {
      alive = false;
      media.removeEventListener?.('devicechange', refresh);
    };
  }, []);
  return lists;
}
