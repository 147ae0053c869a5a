import { describe, expect, it } from 'vitest';
import { levelFromRms, litTiles, rmsOf, tileColor } from '../../src/lib/micLevel';
import { MIC_METER_TILES_HAIRCHECK, MIC_METER_TILES_STUDIO } from '../../src/lib/limits';

describe('mic level meter (§9 UI)', () => {
  it('has 10 tiles in the studio and 4 in the device check', () => {
    expect(MIC_METER_TILES_STUDIO).toBe(10);
    expect(MIC_METER_TILES_HAIRCHECK).toBe(4);
  });

  it('10 tiles: green up to 8, orange above 8, red beyond', () => {
    const colors = Array.from({ length: 10 }, (_, i) => tileColor(i, 10));
    expect(colors).toEqual(['green', 'green', 'green', 'green', 'green', 'green', 'green', 'green', 'orange', 'red']);
  });

  it('4 tiles: the last one is the red one', () => {
    expect(Array.from({ length: 4 }, (_, i) => tileColor(i, 4))).toEqual(['green', 'green', 'green', 'red']);
  });

  it.each([
    [0, 10, 0],
    [1, 10, 1],
    [5, 10, 5],
    [10, 10, 10],
    [0, 4, 0],
    [1, 4, 1],
    [3, 4, 1],
    [4, 4, 2],
    [9, 4, 4],
  ])('level %i on %i tiles lights %i', (level, tiles, lit) => {
    expect(litTiles(level, tiles)).toBe(lit);
  });

  it('silence is 0, full scale is 10, and levels rise with loudness', () => {
    expect(levelFromRms(0)).toBe(0);
    expect(levelFromRms(1)).toBe(10);
    expect(levelFromRms(0.01)).toBeLessThan(levelFromRms(0.1));
    expect(rmsOf([0.5, -0.5, 0.5, -0.5])).toBeCloseTo(0.5);
  });
});
