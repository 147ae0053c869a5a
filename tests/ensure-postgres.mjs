#!/usr/bin/env node
// Makes sure a PostgreSQL server exists for the backend's PostgreSQL test (the studio backend's
// DATABASE_URL alternative to PGlite): Debian's postgresql, installed with apt-get when running as
// root, else a clear message. The test starts its own server on loopback in a temp folder.
import { execSync } from 'node:child_process';
import { postgresBin } from './postgres-path.mjs';

if (postgresBin()) {
  console.log(`postgresql: ${postgresBin()}`);
  process.exit(0);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error("No PostgreSQL server found. Install Debian's postgresql (sudo apt-get install postgresql).");
  process.exit(1);
}
console.log("postgresql: not found, installing Debian's postgresql with apt-get…");
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execSync('apt-get update -qq', { stdio: 'inherit', env });
execSync('apt-get install -y -qq postgresql', { stdio: 'inherit', env });
if (!postgresBin()) {
  console.error('apt-get finished but no PostgreSQL server binaries were found.');
  process.exit(1);
}
console.log(`postgresql: ${postgresBin()}`);
