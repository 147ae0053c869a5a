/** §3 Asset as the studio lists it. Today only the predefined backgrounds; uploads come later. */

/** What a list holds (§3 Asset tags: STUDIO_BACKGROUND_IMAGE today). */
export type AssetKind = 'background';

export interface Asset {
  id: string;
  title: string;
  url: string;
  /** §3 origins. */
  origin: 'predefined' | 'user_asset' | 'meeting_asset';
}

export interface AssetService {
  /** The assets of one kind the moderator can choose from (§7 GET dam/{user|event}/{ownerId}/assets). */
  list(kind: AssetKind): Promise<Asset[]>;
}
