import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyChannel } from '../../compositor/model/channel';
import { stageActions } from '../../src/state/channel/stageActions';
import { useChannelStore } from '../../src/state/channel/store';
import { libraryActions, useLibraryStore } from '../../src/state/graphics/library';
import type { Asset, AssetKind, AssetService } from '../../src/state/assets';
import { uploadAsset } from '../../src/services/assets/uploads';
import { createDemoAssets, DEMO_UPLOAD_MIN_MS, DEMO_UPLOAD_TICK_MS } from '../../src/demo/demoAssets';
import { realClock } from '../../src/lib/clock';
import { sounds } from '../../src/services/show/sounds';
import { createColorInput, COLOR_FORMAT_HINT, normalizeHex } from '../../src/state/graphics/colorInput';
import { COLOR_VALIDATE_IDLE_MS, COLOR_VALIDATE_INTERVAL_MS, LOGO_UPLOAD_MAX_BYTES } from '../../src/lib/limits';
import { installFakeBackend } from './fakeBackend';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const png = (name: string, size = 2048) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG);
  return new File([bytes], name, { type: 'image/png' });
};
const items = (kind: AssetKind) => useLibraryStore.getState().items[kind];

describe('uploads (§4 Asset upload, §5 checks, §8 upload failure)', () => {
  let upload: ReturnType<typeof vi.fn<AssetService['upload']>>;
  let finish: (asset: Asset | Error) => void;
  beforeEach(() => {
    stageActions.load(emptyChannel());
    libraryActions.reset();
    upload = vi.fn<AssetService['upload']>(
      (_kind, file, onProgress) =>
        new Promise<Asset>((resolve, reject) => {
          onProgress(40);
          finish = (a) => (a instanceof Error ? reject(a) : resolve(a));
          void file;
        }),
    );
    installFakeBackend({ assets: { list: async () => [], upload } });
  });
  afterEach(() => vi.restoreAllMocks());

  const asset = (over: Partial<Asset> = {}): Asset => ({ id: 'a1', title: 'brand', url: 'blob:x', thumbnail: 'blob:x', type: 'image', origin: 'user_asset', ...over });

  it('refuses a renamed program before anything is uploaded, with the reason and the supported formats', async () => {
    const exe = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0])], 'setup.png', { type: 'image/png' });
    const outcome = await uploadAsset('foregroundImage', exe);
    expect(outcome.ok).toBe(false);
    expect(outcome.ok === false && outcome.reason).toContain('Supported formats: JPEG, PNG. Max file size: 20MB');
    expect(upload).not.toHaveBeenCalled();
    expect(items('foregroundImage')).toEqual([]);
  });

  it('refuses a logo over 1MB with the logo texts', async () => {
    const outcome = await uploadAsset('logo', png('big.png', LOGO_UPLOAD_MAX_BYTES + 1));
    expect(outcome.ok === false && outcome.reason).toMatch(/Max file size: 1MB/);
    expect(upload).not.toHaveBeenCalled();
  });

  it('shows the item as new/adding with its percentage, then as a NEW asset once opened', async () => {
    const pending = uploadAsset('foregroundImage', png('frame.png'), { probe: async () => undefined });
    await vi.waitFor(() => expect(items('foregroundImage')).toMatchObject([{ title: 'frame', isAdding: true, isNew: true, progress: 40 }]));
    finish(asset({ title: 'frame' }));
    await pending;
    expect(items('foregroundImage')).toMatchObject([{ title: 'frame', isAdding: false, isNew: true, failed: false, url: 'blob:x', progress: 100 }]);
  });

  it('a finished logo becomes a LOGO item of the channel (not on stage yet)', async () => {
    const pending = uploadAsset('logo', png('acme.png'), { probe: async () => undefined });
    await vi.waitFor(() => expect(items('logo')).toHaveLength(1));
    finish(asset({ title: 'acme' }));
    await pending;
    expect(items('logo')).toEqual([]);
    expect(useChannelStore.getState().doc.templates).toMatchObject([{ type: 'LOGO', name: 'acme', source: 'blob:x', selected: false, isNew: true, origin: 'user_asset' }]);
  });

  it.each([
    ['the upload fails', (f: typeof finish) => f(new Error('network')), async () => undefined],
    ['the file cannot be opened', (f: typeof finish) => f(asset()), async () => Promise.reject(new Error('decode'))],
  ])('when %s the item shows failed and the error sound plays', async (_, end, probe) => {
    const play = vi.spyOn(sounds, 'play').mockReturnValue(true);
    const pending = uploadAsset('background', png('bg.png'), { probe });
    await vi.waitFor(() => expect(items('background')).toHaveLength(1));
    end(finish);
    await pending;
    expect(items('background')).toMatchObject([{ failed: true, isAdding: false }]);
    expect(play).toHaveBeenCalledWith('error');
  });
});

describe('the demo asset service', () => {
  it('lists the predefined assets of each kind and paces an upload, reporting progress up to 100', async () => {
    vi.useFakeTimers();
    try {
      const assets = createDemoAssets(realClock);
      expect((await assets.list('background')).every((a) => a.origin === 'predefined')).toBe(true);
      const seen: number[] = [];
      const done = assets.upload('foregroundImage', png('x.png'), (p) => seen.push(p));
      await vi.advanceTimersByTimeAsync(DEMO_UPLOAD_MIN_MS + DEMO_UPLOAD_TICK_MS);
      const uploaded = await done;
      expect(seen[0]).toBe(0);
      expect(seen.at(-1)).toBe(100);
      expect(seen.length).toBeGreaterThan(5);
      expect(uploaded).toMatchObject({ title: 'x', type: 'image', origin: 'user_asset' });
      expect(uploaded.url.startsWith('blob:')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('brand colour typed as text (§4: at most every 800 ms, otherwise after 2 s)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    ['#0d62c5', '#0D62C5'],
    ['0D62C5', '#0D62C5'],
    [' #AA3300 ', '#AA3300'],
    ['#ABC', null],
    ['blue', null],
  ])('reads %j as %j', (text, expected) => expect(normalizeHex(text)).toBe(expected));

  it('applies a valid colour at once, then at most every 800 ms while typing; reports an invalid one 2 s after the last key', () => {
    let t = 0;
    const onValid = vi.fn();
    const onInvalid = vi.fn();
    const input = createColorInput({ onValid, onInvalid, now: () => t, clock: realClock });
    input.input('#111111');
    expect(onValid).toHaveBeenLastCalledWith('#111111');
    t += COLOR_VALIDATE_INTERVAL_MS - 1;
    input.input('#222222');
    expect(onValid).toHaveBeenCalledTimes(1);
    t += 1;
    input.input('#333333');
    expect(onValid).toHaveBeenLastCalledWith('#333333');
    input.input('#33');
    vi.advanceTimersByTime(COLOR_VALIDATE_IDLE_MS - 1);
    expect(onInvalid).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onInvalid).toHaveBeenCalledWith(COLOR_FORMAT_HINT);
  });

  it('Enter (commit) checks the text at once: a valid colour applies, a bad one says why, and the wait is over', () => {
    let t = 0;
    const onValid = vi.fn();
    const onInvalid = vi.fn();
    const input = createColorInput({ onValid, onInvalid, now: () => t, clock: realClock });
    input.input('#1');
    t += 1;
    input.input('#12345');
    input.commit('#12345');
    expect(onInvalid).toHaveBeenCalledWith(COLOR_FORMAT_HINT);
    input.input('#123456');
    input.commit('#123456');
    expect(onValid).toHaveBeenLastCalledWith('#123456');
    vi.advanceTimersByTime(COLOR_VALIDATE_IDLE_MS);
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onInvalid).toHaveBeenCalledTimes(1);
  });
});
