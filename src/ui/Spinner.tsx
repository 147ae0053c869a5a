export function Spinner({ size = 40, label }: { size?: number; label?: string }) {
  return <span className="spinner" role="progressbar" aria-label={label ?? 'Loading'} style={{ width: size, height: size }} />;
}
