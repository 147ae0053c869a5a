#!/usr/bin/env node
// Makes sure the Janus WebRTC Server exists for the studio backend's meeting (guests and screen
// share, src/server/janus): Debian's janus, installed with apt-get when running as root (apt-get
// update first only if the install fails without it), else a clear message. The backend starts its
// own Janus on loopback with a generated configuration; nothing of the package's own is used.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const bin = process.env.JANUS_BIN || '/usr/bin/janus';
if (existsSync(bin)) {
  console.log(`janus: ${bin}`);
  process.exit(0);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(`No Janus at ${bin}. Install Debian's janus (sudo apt-get install -y janus); without it the backend runs with guests and screen share off.`);
  process.exit(1);
}
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const install = () => execSync('apt-get install -y -qq --no-install-recommends janus', { stdio: 'inherit', env });
console.log("janus: not found, installing Debian's janus with apt-get…");
try {
  install();
} catch {
  console.log('janus: the install failed; running apt-get update and trying again…');
  execSync('apt-get update -qq', { stdio: 'inherit', env });
  install();
}
if (!existsSync(bin)) {
  console.error(`apt-get finished but there is no ${bin}.`);
  process.exit(1);
}
console.log(`janus: installed ${bin}`);
