#!/usr/bin/env node
// Makes sure a PostgreSQL server exists for the backend's PostgreSQL test (the studio backend's
// DATABASE_URL alternative to PGlite): Debian's postgresql. The test starts its own server on
// loopback in a temp folder.
import { postgresBin } from '../src/server/dev/servers/postgres-path.mjs';
import { ensureDebianPackages } from './debian-packages.mjs';

ensureDebianPackages({ name: 'postgresql', present: () => !!postgresBin(), packages: ['postgresql'], describe: () => postgresBin() });
