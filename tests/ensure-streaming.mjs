#!/usr/bin/env node
// Makes sure the tools of going live exist: Debian's ffmpeg (with ffprobe; the backend's capture
// worker encodes and muxes with it) and, for the tests, nginx with libnginx-mod-rtmp (a real RTMP
// server as the destinations). Installed with apt-get when running as root (apt-get update first
// only if the install fails without it), else a clear message.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const NEEDED = [
  ['/usr/bin/ffmpeg', 'ffmpeg'],
  ['/usr/bin/ffprobe', 'ffmpeg'],
  ['/usr/sbin/nginx', 'nginx'],
  ['/usr/lib/nginx/modules/ngx_rtmp_module.so', 'libnginx-mod-rtmp'],
];
const missing = [...new Set(NEEDED.filter(([path]) => !existsSync(path)).map(([, pkg]) => pkg))];
if (missing.length === 0) {
  console.log('streaming tools: ffmpeg, ffprobe, nginx with the RTMP module');
  process.exit(0);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(`Missing for going live and its tests: ${missing.join(', ')}. Install them: sudo apt-get install -y ${missing.join(' ')}`);
  process.exit(1);
}
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const install = () => execSync(`apt-get install -y -qq --no-install-recommends ${missing.join(' ')}`, { stdio: 'inherit', env });
console.log(`streaming tools: installing ${missing.join(', ')} with apt-get…`);
try {
  install();
} catch {
  console.log('streaming tools: the install failed; running apt-get update and trying again…');
  execSync('apt-get update -qq', { stdio: 'inherit', env });
  install();
}
const still = NEEDED.filter(([path]) => !existsSync(path)).map(([path]) => path);
if (still.length) {
  console.error(`apt-get finished but these are still missing: ${still.join(', ')}`);
  process.exit(1);
}
console.log('streaming tools: installed');
