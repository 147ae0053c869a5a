/**
 * §3 Asset as the studio lists it, and the asset service of §7 (list, upload). The demo keeps uploads
 * in this browser (object URLs, for the session); backend mode goes through the asset management flow.
 */

/** The Graphics panel's lists (§3 Media item types; §4 upload type: image for foreground image, background image and logo). */
export const ASSET_KINDS = ['foregroundImage', 'foregroundVideo', 'background', 'logo'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

export interface Asset {
  id: string;
  title: string;
  /** What is drawn: the image, or the video's mp4/webm. */
  url: string;
  /** A still for the grid (§3 Media item source); a video without one shows its first frame. */
  thumbnail: string;
  type: 'image' | 'video';
  /** §3 origins. */
  origin: 'predefined' | 'user_asset' | 'meeting_asset';
}

export interface AssetService {
  /** The assets of one kind the moderator can choose from (§7 GET dam/{user|event}/{ownerId}/assets). */
  list(kind: AssetKind): Promise<Asset[]>;
  /**
   * Stores a file already checked by lib/uploadRules (§7 uploadUrl → PUT with progress → POST assets),
   * reporting progress 0..100; rejects when the upload fails (§8 'upload failed').
   */
  upload(kind: AssetKind, file: File, onProgress: (percent: number) => void): Promise<Asset>;
}
