import { describe, expect, it } from 'vitest';
import { channelScene } from '../../../compositor/convert';
import { captureLook } from '../../../src/state/rundown/look';
import { lookScene } from '../../../src/state/rundown/thumbnail';
import { stage } from './fixtures';

describe("a scene's thumbnail model", () => {
  it("is the scene's own look drawn over the channel now, not the stage's", () => {
    const look = captureLook(stage(['g1', 'g2']));
    const doc = stage(['g3']);
    const scene = lookScene(doc, look);
    expect(scene.producers.map((p) => p.id)).toEqual(channelScene(stage(['g1', 'g2'])).producers.map((p) => p.id));
    expect(scene.producers).toHaveLength(2);
    expect(channelScene(doc).producers).toHaveLength(1);
  });

  it('is memoised per look and document', () => {
    const look = captureLook(stage(['g1']));
    const doc = stage();
    expect(lookScene(doc, look)).toBe(lookScene(doc, look));
    expect(lookScene(stage(), look)).not.toBe(lookScene(doc, look));
  });
});
