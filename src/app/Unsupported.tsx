import type { ReactNode } from 'react';
import { Globe, Laptop } from 'lucide-react';
import { CONFIG } from '../config';
import { TEXTS } from '../lib/texts';
import { Logo } from '../ui/Logo';

function UnsupportedScreen({ testId, icon, title, text, link }: { testId: string; icon: ReactNode; title: string; text: string; link: { href: string; label: string } }) {
  return (
    <main className="center-screen" data-testid={testId}>
      <div className="card narrow center-text">
        <Logo size={48} />
        {icon}
        <h1 className="screen-title">{title}</h1>
        <p className="muted">{text}</p>
        <a className="btn btn-primary" href={link.href} target="_blank" rel="noopener noreferrer">
          {link.label}
        </a>
      </div>
    </main>
  );
}

/** §2 Unsupported-device screens. */
export const MobileNotSupported = () => (
  <UnsupportedScreen
    testId="mobile-unsupported"
    icon={<Laptop size={56} aria-hidden className="screen-icon" />}
    title={TEXTS.mobileNotSupported}
    text={TEXTS.mobileAsk}
    link={{ href: CONFIG.learnMoreUrl, label: TEXTS.learnMore }}
  />
);

export const BrowserNotSupported = () => (
  <UnsupportedScreen
    testId="browser-unsupported"
    icon={<Globe size={56} aria-hidden className="screen-icon" />}
    title={TEXTS.onlyChrome}
    text={TEXTS.onlyChromeDetail}
    link={{ href: CONFIG.chromeDownloadUrl, label: TEXTS.downloadChrome }}
  />
);
