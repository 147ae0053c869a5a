/**
 * The Graphics panel's uploads (§4 Asset upload; §5 formats and sizes; §8 upload failure): the file is
 * checked first (extension, type, size, magic bytes: lib/uploadRules), refused with its reason before
 * anything is sent; then uploaded through the asset service with progress; then opened once as it will
 * be drawn, so a file that passes the checks but cannot be decoded fails here and not on air. A
 * failure marks the item 'Failed - click to retry!' and plays the error sound.
 */
import type { AssetKind } from '../../state/assets';
import { backend } from '../../state/backend';
import { libraryActions } from '../../state/graphics/library';
import { graphicId, logoActions } from '../../state/graphics/graphicsActions';
import { validateUpload } from '../../lib/uploadRules';
import { log } from '../../log';
import { sounds } from '../show/sounds';

/** Ours: a file the browser cannot open within this long counts as failed. */
export const MEDIA_PROBE_TIMEOUT_MS = 15_000;

export type UploadOutcome = { ok: true } | { ok: false; reason: string };

/** Resolves when the browser can draw `url` as `type`; rejects when it cannot. */
export function probeMedia(url: string, type: 'image' | 'video'): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), MEDIA_PROBE_TIMEOUT_MS);
    const settle = (ok: boolean) => {
      clearTimeout(timer);
      if (ok) resolve();
      else reject(new Error(`cannot open the ${type}`));
    };
    if (type === 'image') {
      const img = new Image();
      img.src = url;
      img.decode().then(() => settle(true), () => settle(false));
      return;
    }
    const video = document.createElement('video');
    video.muted = true;
    video.preload = 'metadata';
    video.addEventListener('loadedmetadata', () => settle(true), { once: true });
    video.addEventListener('error', () => settle(false), { once: true });
    video.src = url;
  });
}

export interface UploadDeps {
  probe?: typeof probeMedia;
}

/**
 * Checks and uploads one file of `kind`. A refused file returns its reason (the panel shows it; nothing
 * is added). An accepted one appears at once as 'new/adding' with its percentage.
 */
export async function uploadAsset(kind: AssetKind, file: File, { probe = probeMedia }: UploadDeps = {}): Promise<UploadOutcome> {
  const verdict = await validateUpload(kind, file);
  if (!verdict.ok) return { ok: false, reason: verdict.reason };
  const id = graphicId(`upload-${kind}`);
  libraryActions.begin(kind, id, file.name.replace(/\.[^.]+$/, ''));
  try {
    const asset = await backend().assets.upload(kind, file, (p) => libraryActions.progress(kind, id, p));
    await probe(asset.url, verdict.mediaType);
    if (kind === 'logo') {
      logoActions.add({ name: asset.title, source: asset.url, origin: asset.origin });
      libraryActions.remove(kind, id);
    } else libraryActions.done(kind, id, { ...asset, type: verdict.mediaType });
  } catch (e) {
    log.warn('uploads', `upload_failed: ${file.name}: ${e instanceof Error ? e.message : String(e)}`);
    libraryActions.fail(kind, id);
    sounds.play('error');
  }
  return { ok: true };
}
