/** The studio's mark: a rounded frame with a live dot, drawn inline so it needs no request. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg className="logo" width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="Studio">
      <rect x="2" y="6" width="28" height="20" rx="5" className="logo-frame" />
      <rect x="6" y="10" width="14" height="12" rx="2" className="logo-picture" />
      <circle cx="25" cy="16" r="3" className="logo-dot" />
    </svg>
  );
}
