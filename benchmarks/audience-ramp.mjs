#!/usr/bin/env node
/**
 * Where the audience's chat delivery passes 1 s (issue 32): benchmarks/audience.mjs on one backend
 * process, again and again with more attendees (each run its own backend, so one run's garbage is not
 * the next one's), until the p95 of moderator → every attendee or attendee → studio passes 1 s, a
 * message is lost, or the steps run out. Bounded: at most the steps given, each with audience.mjs'
 * own time limits.
 *
 *   node benchmarks/audience-ramp.mjs                       # 2000, 3000, 4000, 5000 attendees
 *   node benchmarks/audience-ramp.mjs --steps 1000,2000 --json-only
 *
 * Prints JSON (every step's figures and the first step past 1 s, if any), then a one-line summary.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const JSON_ONLY = args.includes('--json-only');
const STEPS = (args.includes('--steps') ? args[args.indexOf('--steps') + 1] : '2000,3000,4000,5000').split(',').map(Number);
/** Issue 32's bound: p95 chat delivery ≤ 1 s. */
const LIMIT_MS = 1000;
const log = (...a) => !JSON_ONLY && console.error('[audience-ramp]', ...a);

const tmp = mkdtempSync(join(os.tmpdir(), 'audience-ramp-'));
const steps = [];
let passed = null;
try {
  for (const attendees of STEPS) {
    log(`${attendees} attendees`);
    const out = join(tmp, `${attendees}.json`);
    try {
      // The flood is kept small: the ramp asks about delivery, not about joins.
      execFileSync(process.execPath, [join(HERE, 'audience.mjs'), '--one', '--json-only', '--attendees', String(attendees), '--flood', '100', '--out', out], { stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (error) {
      // A run that cannot even seat everyone (joins timing out) is past the limit too: say why.
      const text = String(error.stderr ?? error.message);
      const why = /\b\w*Error: .*/.exec(text.split('\n').filter((l) => /\w+Error: /.test(l)).at(-1) ?? '')?.[0] ?? 'the run failed';
      passed = { attendees, failed: why.trim().slice(0, 300) };
      steps.push(passed);
      log(passed);
      break;
    }
    const r = JSON.parse(readFileSync(out, 'utf8')).oneProcess;
    const step = {
      attendees,
      toEveryAttendeeP95Ms: r.chat.toEveryAttendeeMs.p95,
      attendeeToStudioP95Ms: r.chat.attendeeToStudioMs.p95,
      lost: r.chat.lost,
      votesLost: r.poll.lost,
      cpuMsPerDelivery: r.chat.cpuMsPerDelivery,
      heapPerAttendeeKb: r.joins.heapPerAttendeeKb ?? null,
      load1: r.load1,
    };
    steps.push(step);
    log(step);
    if (step.toEveryAttendeeP95Ms > LIMIT_MS || step.attendeeToStudioP95Ms > LIMIT_MS || step.lost > 0) {
      passed = step;
      break;
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

const result = { machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version }, limitMs: LIMIT_MS, steps, firstPastLimit: passed };
console.log(JSON.stringify(result, null, JSON_ONLY ? 0 : 2));
const last = steps.at(-1);
console.log(
  passed
    ? `audience-ramp: past ${LIMIT_MS} ms at ${passed.attendees} attendees (${passed.failed ?? `to every attendee ${passed.toEveryAttendeeP95Ms} ms, to the studio ${passed.attendeeToStudioP95Ms} ms, lost ${passed.lost}`}); held at ${steps.at(-2)?.attendees ?? 'no step'} (${result.machine.cpus}-core ${result.machine.model})`
    : `audience-ramp: p95 chat delivery held under ${LIMIT_MS} ms up to ${last?.attendees} attendees (to every attendee ${last?.toEveryAttendeeP95Ms} ms, to the studio ${last?.attendeeToStudioP95Ms} ms) (${result.machine.cpus}-core ${result.machine.model})`,
);
