/** Small inline illustrations for the welcome and the tour (no network, crisp at any size). */
/* Colours come from the theme's tokens through the ill-* classes (tour.css). */
const FRAME = { rx: 10, className: 'ill-frame' };

export function StageIllustration() {
  return (
    <svg viewBox="0 0 320 180" className="illustration" aria-hidden>
      <rect x="10" y="10" width="300" height="160" {...FRAME} />
      <rect x="30" y="30" width="125" height="72" rx="6" className="ill-tile-a" />
      <rect x="165" y="30" width="125" height="72" rx="6" className="ill-tile-b" />
      <rect x="97" y="108" width="125" height="50" rx="6" className="ill-tile-c" />
      <circle cx="92" cy="60" r="14" className="ill-face-a" />
      <circle cx="227" cy="60" r="14" className="ill-face-b" />
      <circle cx="160" cy="128" r="12" className="ill-face-c" />
    </svg>
  );
}

export function GraphicsIllustration() {
  return (
    <svg viewBox="0 0 320 180" className="illustration" aria-hidden>
      <rect x="10" y="10" width="300" height="160" {...FRAME} />
      <rect x="30" y="118" width="180" height="32" rx="4" className="ill-primary" />
      <rect x="40" y="126" width="110" height="7" rx="3" className="ill-light" />
      <rect x="40" y="137" width="70" height="5" rx="2" className="ill-light-2" />
      <rect x="250" y="24" width="44" height="24" rx="4" className="ill-highlight" />
      <rect x="10" y="156" width="300" height="14" className="ill-bar" />
      <rect x="20" y="160" width="200" height="6" rx="3" className="ill-muted" />
    </svg>
  );
}

export function GoLiveIllustration() {
  return (
    <svg viewBox="0 0 320 180" className="illustration" aria-hidden>
      <rect x="10" y="10" width="300" height="160" {...FRAME} />
      <rect x="110" y="70" width="100" height="40" rx="20" className="ill-live" />
      <circle cx="134" cy="90" r="6" className="ill-light" />
      <rect x="148" y="85" width="46" height="10" rx="4" className="ill-light" />
      <circle cx="160" cy="90" r="62" className="ill-ring" strokeOpacity="0.35" strokeWidth="3" />
      <circle cx="160" cy="90" r="78" className="ill-ring" strokeOpacity="0.18" strokeWidth="3" />
    </svg>
  );
}
