/** Which shape the output page draws (issue 34): the link's ?format=9:16, else the 16:9 program; the capture's size turned upright. */
import { describe, expect, it } from 'vitest';
import { outputShape } from '../../src/lib/captureContract';
import { captureSize } from '../../src/features/output/capture';
import { FRAME_SIZES, shapeOfSize, sizeUnit } from '../../compositor/model/frame';
import { selectScene } from '../../src/state/channel/scene';
import { emptyChannel } from '../../compositor/model/channel';

describe('the output page’s shape', () => {
  it.each([
    ['', '16:9'],
    ['?format=9:16', '9:16'],
    ['?channel=x&format=9:16&token=t', '9:16'],
    ['?format=16:9', '16:9'],
    ['?format=4:3', '16:9'],
    ['?format=9%3A16', '9:16'],
  ] as const)('%s draws %s', (search, shape) => expect(outputShape(search)).toBe(shape));

  it('captures the quality upright for the vertical program', () => {
    const p = { ingest: 'ws://127.0.0.1:1/ingest/x', quality: '720p' } as const;
    expect(captureSize(p)).toEqual({ width: 1280, height: 720 });
    expect(captureSize(p, '9:16')).toEqual({ width: 720, height: 1280 });
    expect(captureSize({ ...p, quality: '1080p' }, '9:16')).toEqual({ width: 1080, height: 1920 });
  });

  it('knows a frame’s shape and its size unit (the short side) from its size', () => {
    expect(FRAME_SIZES['9:16']).toEqual({ width: 1080, height: 1920 });
    expect(shapeOfSize(1600, 900)).toBe('16:9');
    expect(shapeOfSize(450, 800)).toBe('9:16');
    expect(sizeUnit(1920, 1080)).toBe(1080);
    expect(sizeUnit(1080, 1920)).toBe(1080);
  });

  it('remembers each shape’s scene of the same document apart', () => {
    const doc = emptyChannel();
    const wide = selectScene(doc);
    const tall = selectScene(doc, '9:16');
    expect(selectScene(doc)).toBe(wide);
    expect(selectScene(doc, '9:16')).toBe(tall);
    expect(selectScene({ ...doc })).not.toBe(wide);
  });
});
