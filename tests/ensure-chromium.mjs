#!/usr/bin/env node
// Makes sure a Chromium exists for the browser tests (DESIGN.md Testing surface): $CHROME_PATH,
// else Debian's /usr/lib/chromium/chromium (installed with apt-get when running as root), else a
// clear message. Never downloads a browser build of its own.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from '../src/server/chromium.mjs';

const found = chromiumPath();
if (found) {
  console.log(`chromium: ${found}`);
  process.exit(0);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error('No Chromium found. Install Debian\'s chromium (sudo apt-get install chromium) or set CHROME_PATH.');
  process.exit(1);
}
console.log('chromium: not found, installing Debian\'s chromium with apt-get…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execSync('apt-get update -qq', { stdio: 'inherit', env });
execSync('apt-get install -y -qq chromium fonts-dejavu-core', { stdio: 'inherit', env });
if (!chromiumPath() && !existsSync('/usr/lib/chromium/chromium')) {
  console.error('apt-get finished but no Chromium binary was found.');
  process.exit(1);
}
console.log(`chromium: ${chromiumPath()}`);
