#!/usr/bin/env node
// Makes sure the tools of going live exist: Debian's ffmpeg (with ffprobe; the backend's capture
// worker encodes and muxes with it) and, for the tests, nginx with libnginx-mod-rtmp (a real RTMP
// server as the destinations) and libnginx-mod-stream (TLS in front of it: an RTMPS destination).
import { existsSync } from 'node:fs';
import { ensureDebianPackages } from './debian-packages.mjs';

const NEEDED = [
  ['/usr/bin/ffmpeg', 'ffmpeg'],
  ['/usr/bin/ffprobe', 'ffmpeg'],
  ['/usr/sbin/nginx', 'nginx'],
  ['/usr/lib/nginx/modules/ngx_rtmp_module.so', 'libnginx-mod-rtmp'],
  ['/usr/lib/nginx/modules/ngx_stream_module.so', 'libnginx-mod-stream'],
];
ensureDebianPackages({
  name: 'streaming tools',
  present: () => NEEDED.every(([path]) => existsSync(path)),
  packages: [...new Set(NEEDED.map(([, pkg]) => pkg))],
  describe: () => 'ffmpeg, ffprobe, nginx with the RTMP and stream modules',
});
