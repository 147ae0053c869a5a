#!/usr/bin/env node
// Makes sure a Chromium exists for the browser tests and the capture worker (DESIGN.md Testing
// surface): $CHROME_PATH, else Debian's /usr/lib/chromium/chromium. Never downloads a browser build of its own.
import { chromiumPath } from '../src/server/chromium.mjs';
import { ensureDebianPackages } from './debian-packages.mjs';

ensureDebianPackages({ name: 'chromium', present: () => !!chromiumPath(), packages: ['chromium', 'fonts-dejavu-core'], describe: () => chromiumPath(), why: 'or set CHROME_PATH' });
