#!/usr/bin/env node
// `npm test`: every stage, one after the other, then each stage's time (issue 35: where the suite's
// time goes, kept in the README). Each stage runs whatever the earlier ones gave, so one run shows
// every failure; the exit code is the first failing stage's. `--quick` (`npm run test:quick`) is the
// inner loop: the unit and server tests and one browser smoke, no system installs past Chromium.
// Arguments after `--` go to every Playwright run (a spec name, --repeat-each …).
import { spawnSync } from 'node:child_process';

const quick = process.argv.includes('--quick');
const extra = process.argv.includes('--') ? process.argv.slice(process.argv.indexOf('--') + 1) : [];
const playwright = (project, ...args) => ['npx', 'playwright', 'test', `--project=${project}`, '--pass-with-no-tests', ...args, ...extra];

/**
 * [name, command]: the browser projects run alone, one after the other (playwright.config.ts says
 * why). The installs (ensure-*) come first and everything needs them: a failed one stops the run.
 */
const INSTALLS = new Set(['chromium', 'postgresql', 'janus', 'ffmpeg and nginx']);
const STAGES = quick
  ? [
      ['chromium', ['node', 'tests/ensure-chromium.mjs']],
      ['unit and server tests', ['npx', 'vitest', 'run']],
      ['browser smoke', playwright('studio', 'tests/e2e/studio.spec.ts')],
    ]
  : [
      ['chromium', ['node', 'tests/ensure-chromium.mjs']],
      ['postgresql', ['node', 'tests/ensure-postgres.mjs']],
      ['janus', ['node', 'tests/ensure-janus.mjs']],
      ['ffmpeg and nginx', ['node', 'tests/ensure-streaming.mjs']],
      ['typecheck', ['npm', 'run', 'typecheck']],
      ['lint', ['npm', 'run', 'lint']],
      ['bundle check', ['node', 'benchmarks/bundle-size.mjs', '--check', '--summary']],
      ['unit and server tests', ['npx', 'vitest', 'run']],
      ['browser: studio', playwright('studio')],
      ['browser: guests', playwright('guests')],
      ['browser: live', playwright('live')],
      ['browser: scale', playwright('scale')],
    ];

const times = [];
let failed = null;
const started = Date.now();
for (const [name, [cmd, ...args]] of STAGES) {
  const t0 = Date.now();
  const status = spawnSync(cmd, args, { stdio: 'inherit' }).status ?? 1;
  times.push({ name, seconds: Math.round((Date.now() - t0) / 1000), ok: status === 0 });
  if (status !== 0) failed ??= { name, status };
  if (status !== 0 && INSTALLS.has(name)) break;
}
const pad = Math.max(...times.map((t) => t.name.length));
console.log('\nstage times:');
for (const t of times) console.log(`  ${t.name.padEnd(pad)}  ${String(t.seconds).padStart(5)} s  ${t.ok ? 'ok' : 'FAILED'}`);
console.log(`  ${'total'.padEnd(pad)}  ${String(Math.round((Date.now() - started) / 1000)).padStart(5)} s`);
if (failed) console.log(`first failure: ${failed.name}`);
console.log(`stages: ${times.filter((t) => t.ok).length} passed, ${times.filter((t) => !t.ok).length} failed`);
process.exit(failed ? failed.status || 1 : 0);
