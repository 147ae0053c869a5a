// @vitest-environment node
/**
 * The rundown's sync under the channel's R6 fuzz (issue 25: "the same guarantees as the channel (no
 * lost edit, fuzz-tested)"): 2–4 producers make real rundown edits (save, rename, durations, notes,
 * transitions, reorder, duplicate, delete, takes) while their sockets drop, come back and deliver out
 * of order. At the end every producer's rundown equals the server's, nothing was lost or applied
 * twice, and the merged rundown reads back to itself.
 */
import { describe, expect, it } from 'vitest';
import { CUT, defaultFade } from '../../../compositor/model/transition';
import { canonicalJson } from '../../../compositor/sync';
import { keyedFromRundown, rundownFromKeyed } from '../../../src/state/rundown/keyed';
import { captureLook } from '../../../src/state/rundown/look';
import * as ops from '../../../src/state/rundown/rundown';
import type { Rundown } from '../../../src/state/rundown/types';
import { rng, type Rng } from '../sync/gen';
import { checkConverged, fuzz, World, type DocCodec } from '../sync/harness';
import { stage } from './fixtures';

const NUM_SEEDS = 40;
const NUM_OPS = 80;
const LOOKS = [captureLook(stage(['g1'])), captureLook(stage(['g1', 'g2'])), captureLook(stage([]))];
const NAMES = ['Opening', 'Panel', 'Q&A <b>live</b>', '👩‍💻 Demo', '', 'Closing'];

function edit(r: Rng, rundown: Rundown, newId: () => string): { name: string; doc: Rundown } {
  const scene = rundown.scenes.length ? r.pick(rundown.scenes) : null;
  const choice = scene ? r.int(9) : 0;
  switch (choice) {
    case 0:
      return { name: 'save scene', doc: ops.canAddScene(rundown) ? ops.addScene(rundown, newId(), r.pick(LOOKS), r.pick(NAMES)) : rundown };
    case 1:
      return { name: `rename ${scene!.id}`, doc: ops.renameScene(rundown, scene!.id, r.pick(NAMES) || 'Untitled') };
    case 2:
      return { name: `duration ${scene!.id}`, doc: ops.setSceneDuration(rundown, scene!.id, r.chance(0.2) ? null : (1 + r.int(600)) * 1000) };
    case 3:
      return { name: `notes ${scene!.id}`, doc: ops.setSceneNotes(rundown, scene!.id, r.pick(NAMES)) };
    case 4:
      return { name: `transition ${scene!.id}`, doc: ops.setSceneTransition(rundown, scene!.id, r.pick([null, CUT, { kind: 'fade', durationMs: 100 * (1 + r.int(50)) }])) };
    case 5:
      return { name: 'rundown transition / auto-advance', doc: r.chance(0.5) ? ops.setGlobalTransition(rundown, r.pick([CUT, defaultFade()])) : ops.setAutoAdvance(rundown, r.chance(0.5)) };
    case 6:
      return { name: `move ${scene!.id}`, doc: ops.moveScene(rundown, scene!.id, r.int(rundown.scenes.length)) };
    case 7:
      return { name: `duplicate ${scene!.id}`, doc: ops.duplicateScene(rundown, scene!.id, newId()) };
    default:
      // A take is the channel's (its take names the live scene): the channel's fuzz carries it.
      return { name: `delete ${scene!.id}`, doc: ops.deleteScene(rundown, scene!.id) };
  }
}

const rundownCodec: DocCodec<Rundown> = { keyed: keyedFromRundown, fromView: (view) => rundownFromKeyed(view), edit };

function run(seed: number): World<Rundown> {
  const r = rng(seed);
  const world = new World(ops.emptyRundown(), 2 + r.int(3), rundownCodec);
  const why = fuzz(world, r, NUM_OPS, `seed ${seed}`);
  checkConverged(world, why);
  // The merged rundown reads back to itself, with each scene once.
  const merged = rundownFromKeyed(world.server.keyed);
  expect(canonicalJson(keyedFromRundown(rundownFromKeyed(keyedFromRundown(merged)))), why()).toBe(canonicalJson(keyedFromRundown(merged)));
  expect(new Set(merged.scenes.map((s) => s.id)).size, why()).toBe(merged.scenes.length);
  return world;
}

describe('rundown sync fuzz (issue 25, R6)', () => {
  it(`${NUM_SEEDS} seeds × ${NUM_OPS} rundown edits converge with nothing lost`, () => {
    let updates = 0;
    let drops = 0;
    let scenes = 0;
    for (let seed = 1; seed <= NUM_SEEDS; seed += 1) {
      const world = run(seed);
      updates += world.applied.length;
      drops += world.log.filter((l) => l.includes('disconnect')).length;
      scenes += rundownFromKeyed(world.server.keyed).scenes.length;
    }
    // It exercises what it claims: many updates, dropped sockets, rundowns with scenes in them.
    expect(updates).toBeGreaterThan(NUM_SEEDS * 20);
    expect(drops).toBeGreaterThan(NUM_SEEDS * 3);
    expect(scenes).toBeGreaterThan(NUM_SEEDS * 2);
  }, 300_000); // a bound against a hang, not a speed check
});
