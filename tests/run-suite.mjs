#!/usr/bin/env node
// `npm test`: every stage, one after the other, then each stage's time (issue 35: where the suite's
// time goes, kept in the README). Each stage runs whatever the earlier ones gave, so one run shows
// every failure; the exit code is the first failing stage's. `--quick` (`npm run test:quick`) is the
// inner loop: the unit and server tests and one browser smoke, no system installs past Chromium.
// Arguments after `--` go to every Playwright run (a spec name, --repeat-each …).
import { spawn } from 'node:child_process';

const quick = process.argv.includes('--quick');
const extra = process.argv.includes('--') ? process.argv.slice(process.argv.indexOf('--') + 1) : [];
const playwright = (project, ...args) => ['npx', 'playwright', 'test', `--project=${project}`, '--pass-with-no-tests', ...args, ...extra];

/**
 * [name, command]: the browser projects run alone, one after the other (playwright.config.ts says
 * why). The installs (ensure-*) come first and everything needs them: a failed one stops the run.
 */
const INSTALLS = new Set(['chromium', 'postgresql', 'janus', 'ffmpeg and nginx']);
/** Consecutive stages marked so run at the same time, each one's output shown whole when it ends. */
const TOGETHER = 'together';
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
      // The static checks each keep one core busy: the three run side by side (about 35 s instead of 70 here).
      ['typecheck', ['npm', 'run', 'typecheck'], TOGETHER],
      ['lint', ['npm', 'run', 'lint'], TOGETHER],
      ['bundle check', ['node', 'benchmarks/bundle-size.mjs', '--check', '--summary'], TOGETHER],
      ['unit and server tests', ['npx', 'vitest', 'run']],
      ['browser: studio', playwright('studio')],
      ['browser: guests', playwright('guests')],
      ['browser: live', playwright('live')],
      ['browser: scale', playwright('scale')],
    ];

/** Lines of a failed stage's output repeated at the end: CI shows only the run's last lines. */
const TAIL_LINES = 60;

/**
 * Runs one stage and keeps its last lines. Its output is passed through as it comes, or, with
 * `held`, kept and shown whole when it ends (stages that run together would mix their lines).
 */
function run(cmd, args, held = false) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: [held ? 'ignore' : 'inherit', 'pipe', 'pipe'] });
    let tail = '';
    const kept = [];
    const keep = (chunk, to) => {
      if (held) kept.push([chunk, to]);
      else to.write(chunk);
      tail = (tail + chunk.toString()).slice(-200_000);
    };
    child.stdout.on('data', (c) => keep(c, process.stdout));
    child.stderr.on('data', (c) => keep(c, process.stderr));
    child.on('close', (code) => {
      for (const [chunk, to] of kept) to.write(chunk);
      resolve({ status: code ?? 1, tail });
    });
  });
}

/**
 * What a failed stage said last: from Vitest's failures or unhandled-errors section when there is
 * one (an error outside any test fails the run with every test passed), else its last lines.
 */
function failureLines(tail) {
  // eslint-disable-next-line no-control-regex
  const text = tail.replace(/\x1b\[[0-9;]*m/g, '');
  const marks = ['Failed Tests', 'Unhandled Error', 'Unhandled Rejection'].map((m) => text.indexOf(m)).filter((i) => i >= 0);
  const from = marks.length ? Math.min(...marks) : -1;
  const lines = (from >= 0 ? text.slice(from) : text).split('\n').filter((l) => l.trim() !== '');
  return from >= 0 ? lines.slice(0, TAIL_LINES) : lines.slice(-TAIL_LINES);
}

const times = [];
const failures = [];
let failed = null;
const started = Date.now();
for (let i = 0; i < STAGES.length; ) {
  const together = STAGES[i][2] === TOGETHER;
  let end = i + 1;
  while (together && end < STAGES.length && STAGES[end][2] === TOGETHER) end += 1;
  const batch = STAGES.slice(i, end);
  i = end;
  const results = await Promise.all(
    batch.map(async ([name, [cmd, ...args]]) => {
      const t0 = Date.now();
      const result = await run(cmd, args, together);
      return { name, seconds: Math.round((Date.now() - t0) / 1000), ...result };
    }),
  );
  for (const { name, seconds, status, tail } of results) {
    times.push({ name, seconds, ok: status === 0 });
    if (status !== 0) failed ??= { name, status };
    if (status !== 0) failures.push({ name, lines: failureLines(tail) });
  }
  if (results.some((r) => r.status !== 0 && INSTALLS.has(r.name))) break;
}
// The last stage's own output ends the run: repeat only the earlier stages' failures.
for (const { name, lines } of failures.filter((f) => f.name !== times.at(-1).name)) {
  console.log(`\n--- ${name} failed; what it said ---`);
  for (const line of lines) console.log(`  ${line}`);
}
const pad = Math.max(...times.map((t) => t.name.length));
console.log('\nstage times:');
for (const t of times) console.log(`  ${t.name.padEnd(pad)}  ${String(t.seconds).padStart(5)} s  ${t.ok ? 'ok' : 'FAILED'}`);
console.log(`  ${'total'.padEnd(pad)}  ${String(Math.round((Date.now() - started) / 1000)).padStart(5)} s`);
if (failed) console.log(`first failure: ${failed.name}`);
console.log(`stages: ${times.filter((t) => t.ok).length} passed, ${times.filter((t) => !t.ok).length} failed`);
process.exit(failed ? failed.status || 1 : 0);
