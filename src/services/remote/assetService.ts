/**
 * The asset service of backend mode (§7 Assets): the predefined assets plus the user's own, and the
 * upload flow uploadUrl → PUT with progress → register; a video stays PROCESSING until the asset
 * service says otherwise, polled every 5 s (§4 Asset upload).
 */
import { putWithProgress, type AssetClient } from '../../api/assets';
import type { WireAsset } from '../../api/types';
import { PROCESSING_POLL_MS } from '../../lib/limits';
import type { Asset, AssetKind, AssetService } from '../../state/assets';
import { PREDEFINED_ASSETS } from '../assets/predefined';
import { currentJoin } from './joined';
import { tokens } from './tokens';

/** §3 Asset tags per list; a background is an image or a video. */
export function assetTag(kind: AssetKind, type: 'image' | 'video'): string {
  switch (kind) {
    case 'logo':
      return 'STUDIO_LOGO';
    case 'background':
      return type === 'video' ? 'STUDIO_BACKGROUND_VIDEO' : 'STUDIO_BACKGROUND_IMAGE';
    case 'foregroundImage':
      return 'STUDIO_IMAGE';
    case 'foregroundVideo':
      return 'STUDIO_VIDEO';
  }
}

const tagsOf = (kind: AssetKind) => (kind === 'background' ? [assetTag(kind, 'image'), assetTag(kind, 'video')] : [assetTag(kind, 'image')]);

/** §4: the upload type is image for foreground image, background image and logo; otherwise video. */
const fileType = (file: File): 'image' | 'video' => (file.type.startsWith('video/') || /\.(mp4|mov|webm)$/i.test(file.name) ? 'video' : 'image');

const toAsset = (a: WireAsset): Asset => ({
  id: String(a.id),
  title: String(a.title ?? ''),
  url: a.assetDownloadUrl,
  thumbnail: a.assetThumbnailUrl || (a.type === 'image' ? a.assetDownloadUrl : ''),
  type: a.type === 'video' ? 'video' : 'image',
  origin: 'user_asset',
});

export interface ServerAssetsOptions {
  assets: AssetClient;
  wait?: (ms: number) => Promise<void>;
}

export function createServerAssets({ assets, wait = (ms) => new Promise((r) => setTimeout(r, ms)) }: ServerAssetsOptions): AssetService {
  async function untilProcessed(asset: WireAsset): Promise<WireAsset> {
    let current = asset;
    while (current.status === 'PROCESSING') {
      await wait(PROCESSING_POLL_MS);
      const status = await assets.status(current.id);
      current = { ...current, ...status };
    }
    return current;
  }
  return {
    async list(kind) {
      const predefined = PREDEFINED_ASSETS[kind].map(({ number: _n, ...asset }) => asset);
      const own = await assets.list('user', currentJoin().user.id).catch(() => [] as WireAsset[]);
      return [...own.filter((a) => tagsOf(kind).includes(a.tag) && a.status !== 'FAILED').map(toAsset), ...predefined];
    },
    async upload(kind, file, onProgress) {
      const userId = currentJoin().user.id;
      const type = kind === 'logo' || kind === 'foregroundImage' ? 'image' : kind === 'foregroundVideo' ? 'video' : fileType(file);
      const target = await assets.uploadUrl(userId, type);
      await putWithProgress(new URL(target.assetUrl, location.origin).href, file, onProgress, tokens.user());
      const title = file.name.replace(/\.[^.]+$/, '').slice(0, 200);
      const registered = await assets.register(userId, { type, tag: assetTag(kind, type), assetKey: target.assetKey, title, ...(type === 'video' ? { thumbnailKey: target.thumbnailKey } : {}) });
      return toAsset(await untilProcessed(registered));
    },
  };
}
