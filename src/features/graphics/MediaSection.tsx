/**
 * §2 Images, Videos and Backgrounds: a grid of assets, each a button that puts it on stage or takes it
 * off (§4: a foreground image and a foreground video exclusive; a background behind the producers),
 * with a menu (Rename, Delete) and the NEW label; uploads with progress; Show More beyond 6; the empty
 * message; the 'Supported formats' texts. A foreground video is shared through the video player.
 */
import { MoreVertical, Play } from 'lucide-react';
import { useRef, useState } from 'react';
import type { MediaRef, MediaSlot } from '../../../compositor/model/channel';
import { TEXTS } from '../../lib/texts';
import { supportedFormatsTexts } from '../../lib/uploadRules';
import type { AssetKind } from '../../state/assets';
import { useChannelStore } from '../../state/channel/store';
import { mediaActions } from '../../state/graphics/graphicsActions';
import { libraryActions, useLibraryStore, type LibraryItem } from '../../state/graphics/library';
import { shareVideo, stopSharing } from '../../services/media/sharedVideoPlayer';
import { InlineRename } from '../../ui/InlineRename';
import { MenuItem, PopupMenu } from '../../ui/PopupMenu';
import { Tooltip } from '../../ui/Tooltip';
import { AssetGrid } from './AssetGrid';
import { Section, type SectionKey } from './Section';
import { UploadTile } from './UploadTile';
import { useUploader } from './useUploader';
import { VideoPlayer } from './VideoPlayer';
import { VideoEndMenuSection } from './VideoEndChoice';

type MediaKind = Exclude<AssetKind, 'logo'>;

const SECTIONS: Record<MediaKind, { id: SectionKey; title: string; noun: string; empty: string; slot: MediaSlot }> = {
  foregroundImage: { id: 'IMAGES', title: 'Images', noun: 'image', empty: TEXTS.noImage, slot: 'foregroundImage' },
  foregroundVideo: { id: 'VIDEOS', title: 'Videos', noun: 'video', empty: TEXTS.noVideo, slot: 'foregroundVideo' },
  background: { id: 'BACKGROUNDS', title: 'Backgrounds', noun: 'background', empty: TEXTS.noMedias, slot: 'background' },
};

const refOf = (item: LibraryItem): MediaRef => ({ id: item.id, type: item.type, url: item.url, name: item.title });

function AssetTile({ kind, item, onStage }: { kind: MediaKind; item: LibraryItem; onStage: boolean }) {
  const { slot, noun } = SECTIONS[kind];
  const menuButton = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const toggle = () => {
    libraryActions.seen(kind, item.id);
    if (kind === 'foregroundVideo') {
      if (onStage) stopSharing();
      else shareVideo(refOf(item));
    } else mediaActions.select(slot, onStage ? null : refOf(item));
  };
  const remove = () => {
    if (onStage) mediaActions.select(slot, null);
    libraryActions.remove(kind, item.id);
  };
  const action = onStage ? `take it off the stage` : kind === 'foregroundVideo' ? TEXTS.clickToShareVideo.toLowerCase() : 'show it on stage';
  return (
    <div className={`asset-tile${onStage ? ' on-stage' : ''}`} data-asset-id={item.id}>
      <button type="button" className="asset-select" aria-pressed={onStage} aria-label={`${item.title}${item.isNew ? ', NEW' : ''}${onStage ? ', ON STAGE' : ''}: ${action}`} onClick={toggle}>
        {item.type === 'video' && item.thumbnail === item.url ? (
          <video className="asset-thumb" src={item.url} muted preload="metadata" aria-hidden />
        ) : (
          <img className="asset-thumb" src={item.thumbnail} alt="" loading="lazy" />
        )}
        {kind === 'foregroundVideo' && !onStage && (
          <span className="asset-overlay" aria-hidden>
            <Play size={16} /> {TEXTS.clickToShareVideo}
          </span>
        )}
        {item.isNew && <span className="new-label">NEW</span>}
        {onStage && <span className="asset-on-stage">ON STAGE</span>}
      </button>
      <div className="asset-footer">
        <InlineRename value={item.title} label={`Rename ${noun}`} onSave={(t) => libraryActions.rename(kind, item.id, t)} editing={renaming} onEditingChange={setRenaming} showSaved={false} className="asset-name" />
        <Tooltip label={`More for ${item.title}`}>
          <button ref={menuButton} type="button" className="icon-button asset-menu-button" aria-label={`More for ${item.title}`} aria-haspopup="menu" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
            <MoreVertical size={16} aria-hidden />
          </button>
        </Tooltip>
        {menuOpen && (
          <PopupMenu label={`${item.title} menu`} anchor={menuButton.current} onClose={() => setMenuOpen(false)}>
            <MenuItem onAction={() => setRenaming(true)}>Rename</MenuItem>
            <MenuItem onAction={remove}>Delete</MenuItem>
            {kind === 'foregroundVideo' && <VideoEndMenuSection id={item.id} />}
          </PopupMenu>
        )}
      </div>
    </div>
  );
}

export function MediaSection({ kind }: { kind: MediaKind }) {
  const { id, title, noun, empty, slot } = SECTIONS[kind];
  const items = useLibraryStore((s) => s.items[kind]);
  const onStage = useChannelStore((s) => s.doc.media[slot]);
  const uploader = useUploader(kind);
  return (
    <Section id={id} title={title} count={items.filter((i) => !i.isAdding && !i.failed).length}>
      {kind === 'foregroundVideo' && onStage && <VideoPlayer name={onStage.name} />}
      <input {...uploader.inputProps} />
      <AssetGrid
        items={items}
        empty={empty}
        addLabel={`Add ${noun}`}
        onAdd={() => uploader.open()}
        formats={supportedFormatsTexts(kind)}
        reason={uploader.reason}
        tile={(item) => (item.isAdding || item.failed ? <UploadTile item={item} onRetry={() => uploader.open(item.id)} /> : <AssetTile kind={kind} item={item} onStage={onStage?.id === item.id} />)}
      />
    </Section>
  );
}
