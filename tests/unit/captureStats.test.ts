import { describe, expect, it } from 'vitest';
import { captureStatsText, parseCaptureStats } from '../../src/lib/captureContract';

describe("the capture page's figures on the ingest socket", () => {
  it('read back what the page sent', () => {
    expect(parseCaptureStats(captureStatsText({ renderMs: 9.4, droppedBeforeEncoding: 2 }))).toEqual({ renderMs: 9.4, droppedBeforeEncoding: 2 });
    expect(parseCaptureStats(captureStatsText({ renderMs: null, droppedBeforeEncoding: 0 }))).toEqual({ renderMs: null, droppedBeforeEncoding: 0 });
  });

  it.each([
    ['status text', 'capturing 720p (1280×720)'],
    ['a status that merely begins like it', 'statistics are fine'],
    ['broken JSON', 'stats {"renderMs":'],
    ['a negative count', 'stats {"renderMs":1,"droppedBeforeEncoding":-1}'],
    ['a fractional count', 'stats {"renderMs":1,"droppedBeforeEncoding":1.5}'],
    ['a render time that is not a number', 'stats {"renderMs":"fast","droppedBeforeEncoding":0}'],
    ['a missing render time', 'stats {"droppedBeforeEncoding":0}'],
    ['not an object', 'stats 12'],
  ])('are not read from %s (it stays a log line)', (_, text) => {
    expect(parseCaptureStats(text)).toBeNull();
  });
});
