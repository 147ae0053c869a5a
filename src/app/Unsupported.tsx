import { CONFIG } from '../config';
import { TEXTS } from '../ui/texts';
import { Logo } from '../ui/Logo';
import { Laptop, Globe } from 'lucide-react';

/** §2 Unsupported-device screens. */
export function MobileNotSupported() {
  return (
    <main className="center-screen" data-testid="mobile-unsupported">
      <div className="card narrow center-text">
        <Logo size={48} />
        <Laptop size={56} aria-hidden className="screen-icon" />
        <h1 className="screen-title">{TEXTS.mobileNotSupported}</h1>
        <p className="muted">{TEXTS.mobileAsk}</p>
        <a className="btn btn-primary" href={CONFIG.learnMoreUrl} target="_blank" rel="noopener noreferrer">
          {TEXTS.learnMore}
        </a>
      </div>
    </main>
  );
}

export function BrowserNotSupported() {
  return (
    <main className="center-screen" data-testid="browser-unsupported">
      <div className="card narrow center-text">
        <Logo size={48} />
        <Globe size={56} aria-hidden className="screen-icon" />
        <h1 className="screen-title">{TEXTS.onlyChrome}</h1>
        <p className="muted">{TEXTS.onlyChromeDetail}</p>
        <a className="btn btn-primary" href={CONFIG.chromeDownloadUrl} target="_blank" rel="noopener noreferrer">
          {TEXTS.downloadChrome}
        </a>
      </div>
    </main>
  );
}
