/** The shared video's part of the program sound, measured in the studio through programSound (issue 26). */
import { describe, expect, it, vi } from 'vitest';

class FakeNode {
  outputs: unknown[] = [];
  connect(n: unknown) {
    this.outputs.push(n);
    return n;
  }
  disconnect(n?: unknown) {
    this.outputs = n === undefined ? [] : this.outputs.filter((o) => o !== n);
  }
}
class FakeAnalyser extends FakeNode {
  fftSize = 2048;
  getFloatTimeDomainData(out: Float32Array) {
    out.fill(0.1); // -20 dB
  }
}
const made = { sources: 0, contexts: 0 };
const nodes: { sources: FakeNode[]; analysers: FakeAnalyser[] } = { sources: [], analysers: [] };
class FakeAudioContext {
  destination = new FakeNode();
  constructor() {
    made.contexts++;
  }
  resume = () => Promise.resolve();
  createMediaElementSource = vi.fn(() => {
    made.sources++;
    const node = new FakeNode();
    nodes.sources.push(node);
    return node;
  });
  createAnalyser = () => {
    const node = new FakeAnalyser();
    nodes.analysers.push(node);
    return node;
  };
}

describe('programSound.level', () => {
  it('reads an analyser on the element’s one source node; the sound never reaches the speakers', async () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const { programSound, ELEMENT_ANALYSER_SIZE } = await import('../../src/services/media/programSound');
    expect(ELEMENT_ANALYSER_SIZE).toBe(2048);
    const el = document.createElement('video');
    el.muted = true;
    expect(programSound.level(el)).toBe(7); // rms 0.1 is level 7 on the §9 scale
    expect(programSound.level(el)).toBe(7);
    expect(made).toEqual({ sources: 1, contexts: 1 }); // an element can feed one source node in its life
    expect(el.muted).toBe(false); // a muted element would give the graph silence
    // The source goes to the analyser only, and the analyser nowhere: not to the speakers.
    expect(nodes.sources[0]!.outputs).toEqual([nodes.analysers[0]]);
    expect(nodes.analysers[0]!.outputs).toEqual([]);
    expect(nodes.analysers[0]!.fftSize).toBe(ELEMENT_ANALYSER_SIZE);
    vi.unstubAllGlobals();
  });
});
