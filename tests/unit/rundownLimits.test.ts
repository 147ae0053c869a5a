import { describe, expect, it } from 'vitest';
import { RUNDOWN_KEY, RUNDOWN_SCENES_MAX, RUNDOWN_STORED_MAX_BYTES, SCENE_DURATION_MAX_MS, SCENE_DURATION_MIN_MS, SCENE_ID_PATTERN, SCENE_NAME_MAX, SCENE_NOTES_MAX } from '../../src/lib/rundownLimits';

describe('rundown limits (issue 25)', () => {
  it('names every limit with its number', () => {
    expect({ RUNDOWN_SCENES_MAX, SCENE_NAME_MAX, SCENE_NOTES_MAX, SCENE_DURATION_MIN_MS, SCENE_DURATION_MAX_MS, RUNDOWN_STORED_MAX_BYTES }).toEqual({
      RUNDOWN_SCENES_MAX: 50,
      SCENE_NAME_MAX: 60,
      SCENE_NOTES_MAX: 2000,
      SCENE_DURATION_MIN_MS: 1000,
      SCENE_DURATION_MAX_MS: 43_200_000,
      RUNDOWN_STORED_MAX_BYTES: 262_144,
    });
  });
  it('keys a scene by its id', () => {
    expect(RUNDOWN_KEY.scene('opening')).toBe('scene:opening');
    expect([RUNDOWN_KEY.order, RUNDOWN_KEY.settings]).toEqual(['order', 'settings']);
  });
  it.each([
    ['opening-1', true],
    ['a_B-9', true],
    ['', false],
    ['has space', false],
    ['x'.repeat(65), false],
    ['../etc', false],
  ])('scene id %j valid: %s', (id, ok) => expect(SCENE_ID_PATTERN.test(id)).toBe(ok));
});
