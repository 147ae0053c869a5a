/**
 * The Graphics panel's asset lists (§3 Media item: isNew, isAdding; §4 Asset upload: started,
 * progress, completed, failed): foreground images, foreground videos, backgrounds, and the logos
 * still uploading (a finished logo becomes a LOGO item of the channel). Session state: what is on
 * stage lives in the channel document, not here.
 */
import { create } from 'zustand';
import type { Asset, AssetKind } from '../assets';

export interface LibraryItem extends Asset {
  /** §3 isNew: shows the NEW label until the moderator uses it. */
  isNew: boolean;
  /** §3 isAdding: uploading; `progress` is its percentage. */
  isAdding: boolean;
  progress: number;
  /** §8 'upload failed': the item shows 'Failed - click to retry!'. */
  failed: boolean;
}

type Lists = Record<AssetKind, LibraryItem[]>;

interface LibraryState {
  items: Lists;
}

const emptyLists = (): Lists => ({ foregroundImage: [], foregroundVideo: [], background: [], logo: [] });
export const useLibraryStore = create<LibraryState>()(() => ({ items: emptyLists() }));

const update = (kind: AssetKind, fn: (list: LibraryItem[]) => LibraryItem[]) =>
  useLibraryStore.setState((s) => ({ items: { ...s.items, [kind]: fn(s.items[kind]) } }));
const patch = (kind: AssetKind, id: string, p: Partial<LibraryItem>) => update(kind, (list) => list.map((i) => (i.id === id ? { ...i, ...p } : i)));

export const libraryActions = {
  /** The listed assets (predefined, the user's): uploads of this session stay first. */
  setListed(kind: AssetKind, assets: Asset[]): void {
    update(kind, (list) => [...list.filter((i) => i.origin === 'user_asset'), ...assets.filter((a) => !list.some((i) => i.id === a.id)).map((a) => ({ ...a, isNew: false, isAdding: false, progress: 100, failed: false }))]);
  },
  /** §4 upload started: a placeholder, first in its list. */
  begin(kind: AssetKind, id: string, title: string): void {
    update(kind, (list) => [{ id, title, url: '', thumbnail: '', type: kind === 'foregroundVideo' ? 'video' : 'image', origin: 'user_asset', isNew: true, isAdding: true, progress: 0, failed: false }, ...list]);
  },
  progress: (kind: AssetKind, id: string, progress: number) => patch(kind, id, { progress: Math.max(0, Math.min(100, Math.round(progress))) }),
  /** §4 completed: the item takes the stored asset's fields and stays NEW until used. */
  done: (kind: AssetKind, id: string, asset: Asset) => patch(kind, id, { ...asset, id, isAdding: false, progress: 100, failed: false, isNew: true }),
  fail: (kind: AssetKind, id: string) => patch(kind, id, { isAdding: false, failed: true }),
  seen: (kind: AssetKind, id: string) => patch(kind, id, { isNew: false }),
  rename: (kind: AssetKind, id: string, title: string) => patch(kind, id, { title }),
  remove: (kind: AssetKind, id: string) => update(kind, (list) => list.filter((i) => i.id !== id)),
  reset: () => useLibraryStore.setState({ items: emptyLists() }),
};
