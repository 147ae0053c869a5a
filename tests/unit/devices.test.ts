import { describe, expect, it } from 'vitest';
import { deviceErrorCode, groupDevices, hasEveryKind, pickDevice, reconcileSelection, type DeviceLists } from '../../src/services/media/devices';

const info = (kind: MediaDeviceKind, deviceId: string, label = '') => ({ kind, deviceId, label });

describe('groupDevices', () => {
  it('groups by kind and skips unusable entries', () => {
    const lists = groupDevices([
      info('videoinput', 'cam1', 'HD Camera'),
      info('audioinput', 'default', 'Default - Mic'),
      info('audioinput', 'communications', 'Communications - Mic'),
      info('audioinput', 'mic2', ''),
      info('audiooutput', 'spk1', 'Speakers'),
      info('videoinput', '', ''),
    ]);
    expect(lists.camera).toEqual([{ deviceId: 'cam1', label: 'HD Camera' }]);
    expect(lists.microphone).toEqual([
      { deviceId: 'default', label: 'Default - Mic' },
      { deviceId: 'mic2', label: 'Microphone 2' },
    ]);
    expect(lists.speaker).toEqual([{ deviceId: 'spk1', label: 'Speakers' }]);
  });
});

describe('pickDevice', () => {
  const list = [
    { deviceId: 'a', label: 'Cam A' },
    { deviceId: 'default', label: 'Default' },
    { deviceId: 'b', label: 'Cam B' },
  ];
  it.each([
    ['keeps the current device while present', 'b', undefined, 'b'],
    ['prefers the remembered id', null, { deviceId: 'a', name: 'x' }, 'a'],
    ['falls back to the remembered name when ids changed', null, { deviceId: 'gone', name: 'Cam B' }, 'b'],
    ['then the system default', null, { deviceId: 'gone', name: 'gone' }, 'default'],
    ['a vanished current device is re-picked', 'vanished', undefined, 'default'],
  ])('%s', (_, current, remembered, expected) => {
    expect(pickDevice(list, remembered, current)).toBe(expected);
  });
  it('first device when there is no default, null for an empty list', () => {
    expect(pickDevice([{ deviceId: 'z', label: 'Z' }])).toBe('z');
    expect(pickDevice([])).toBeNull();
  });
});

describe('device change handling', () => {
  const lists = (camera: string[], microphone: string[], speaker: string[]): DeviceLists => ({
    camera: camera.map((id) => ({ deviceId: id, label: id })),
    microphone: microphone.map((id) => ({ deviceId: id, label: id })),
    speaker: speaker.map((id) => ({ deviceId: id, label: id })),
  });

  it('keeps selections whose devices are still there', () => {
    const next = reconcileSelection(lists(['c1', 'c2'], ['m1'], ['s1']), { camera: 'c2', microphone: 'm1', speaker: 's1' }, {});
    expect(next).toEqual({ camera: 'c2', microphone: 'm1', speaker: 's1' });
  });

  it('an unplugged camera falls back to the remembered one, then to the first', () => {
    expect(reconcileSelection(lists(['c1', 'c3'], ['m1'], ['s1']), { camera: 'c2', microphone: 'm1', speaker: 's1' }, { camera: { deviceId: 'c3', name: 'c3' } }).camera).toBe('c3');
    expect(reconcileSelection(lists(['c1'], ['m1'], ['s1']), { camera: 'c2', microphone: 'm1', speaker: 's1' }, {}).camera).toBe('c1');
  });

  it('a newly plugged speaker becomes selectable and every kind exists', () => {
    const before = lists(['c1'], ['m1'], []);
    expect(hasEveryKind(before)).toBe(false);
    const after = lists(['c1'], ['m1'], ['s9']);
    expect(hasEveryKind(after)).toBe(true);
    expect(reconcileSelection(after, { camera: 'c1', microphone: 'm1', speaker: null }, {}).speaker).toBe('s9');
  });
});

describe('device errors (§8)', () => {
  it.each([
    ['NotReadableError', 'CAM_IN_USE'],
    ['AbortError', 'CAM_IN_USE'],
    ['NotAllowedError', 'CAM_MIC_DENIED'],
    ['SecurityError', 'CAM_MIC_DENIED'],
  ])('%s → %s', (name, code) => {
    expect(deviceErrorCode(new DOMException('x', name))).toBe(code);
  });
});
