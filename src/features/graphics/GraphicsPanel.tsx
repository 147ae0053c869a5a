/**
 * §2 Graphics panel: Brand settings (with Name Tags), Logos, Lower thirds, Tickers, Images, Videos and
 * Backgrounds, each collapsible and remembered (tools-state). Everything here edits the channel
 * document, so the preview, the output and the saved channel show the same graphics.
 */
import './graphics.css';
import { BrandSettingsSection } from './BrandSettingsSection';
import { LogosSection } from './LogosSection';
import { LowerThirdsSection } from './LowerThirdsSection';
import { MediaSection } from './MediaSection';
import { TickersSection } from './TickersSection';
import { ScreenShareConflictDialog } from './VideoPlayer';

export function GraphicsPanel() {
  return (
    <div className="graphics-panel" data-testid="graphics-panel">
      <BrandSettingsSection />
      <LogosSection />
      <LowerThirdsSection />
      <TickersSection />
      <MediaSection kind="foregroundImage" />
      <MediaSection kind="foregroundVideo" />
      <MediaSection kind="background" />
      <ScreenShareConflictDialog />
    </div>
  );
}
