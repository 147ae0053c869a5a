// The one way `npm test` gets the system software it needs (Chromium, Janus, PostgreSQL, ffmpeg, nginx
// with its RTMP module): when `present()` says it is missing, Debian's packages are installed with
// apt-get if we are root (apt-get update first only when the install fails without it), else a clear
// message says what to install and the process exits 1. Never downloads anything else.
import { execSync } from 'node:child_process';

/**
 * @param {{ name: string, present: () => boolean, packages: string[], describe: () => string, why?: string }} o
 *   name: what the log lines say; describe(): what was found (printed when present).
 */
export function ensureDebianPackages(o) {
  if (o.present()) {
    console.log(`${o.name}: ${o.describe()}`);
    return;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`${o.name} is missing${o.why ? ` (${o.why})` : ''}. Install Debian's packages: sudo apt-get install -y ${o.packages.join(' ')}`);
    process.exit(1);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => execSync(`apt-get install -y -qq --no-install-recommends ${o.packages.join(' ')}`, { stdio: 'inherit', env });
  console.log(`${o.name}: not found, installing ${o.packages.join(', ')} with apt-get…`);
  try {
    install();
  } catch {
    console.log(`${o.name}: the install failed; running apt-get update and trying again…`);
    execSync('apt-get update -qq', { stdio: 'inherit', env });
    install();
  }
  if (!o.present()) {
    console.error(`apt-get finished but ${o.name} is still missing.`);
    process.exit(1);
  }
  console.log(`${o.name}: installed, ${o.describe()}`);
}
