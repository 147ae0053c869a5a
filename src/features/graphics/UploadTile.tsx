/**
 * An item still uploading (§2: a spinner with its percentage) or failed ('Failed - click to retry!',
 * a click reopens the file picker).
 */
import { TEXTS } from '../../lib/texts';
import type { LibraryItem } from '../../state/graphics/library';

export function UploadTile({ item, onRetry }: { item: LibraryItem; onRetry(): void }) {
  if (item.failed)
    return (
      <button type="button" className="asset-tile asset-failed" onClick={onRetry} aria-label={`${item.title}: ${TEXTS.uploadFailed}`}>
        <span className="asset-failed-text">{TEXTS.uploadFailed}</span>
        <span className="asset-name">{item.title}</span>
      </button>
    );
  return (
    <div className="asset-tile asset-uploading" role="progressbar" aria-label={`Uploading ${item.title}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={item.progress} aria-valuetext={`${item.progress}%`}>
      <span className="spinner" aria-hidden />
      <span className="asset-progress">{item.progress}%</span>
      <span className="asset-name">{item.title}</span>
    </div>
  );
}
