// A stand-in capture worker for backend tests that go live without streaming (the channel's status,
// the contract's calls): it speaks the worker's IPC protocol (src/server/live/worker/protocol.ts) —
// media flows at once (a playlist of one segment in the HLS folder), stops when told — without a
// browser or ffmpeg. The real worker is tested end to end in tests/e2e/live.spec.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function playlist(p) {
  mkdirSync(p.hlsDir, { recursive: true });
  writeFileSync(join(p.hlsDir, 'seg-0.ts'), `stand-in ${p.shape} segment`);
  writeFileSync(join(p.hlsDir, 'index.m3u8'), '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nseg-0.ts\n');
}

process.on('message', (m) => {
  if (m.type === 'start') {
    // One playlist per program (issue 34): the watch page offers the vertical one when there is one.
    for (const p of m.programs) playlist(p);
    const outputs = m.destinations.map((d) => ({ id: d.id, kind: 'rtmp', name: d.name, shape: d.shape, state: 'live', bitrateKbps: 1000, fps: 30, droppedFrames: 0, retryInSec: null, error: null }));
    process.send({ type: 'health', health: { fps: 30, fpsAlarm: false, outputs } });
    setTimeout(() => process.send({ type: 'flowing' }), 20);
  } else if (m.type === 'add' && m.destination.name === 'Hang up') {
    // A worker on its way out: its channel closes now, its exit comes later (the backend must not send into the gap).
    process.removeAllListeners('disconnect');
    process.disconnect();
    setTimeout(() => process.exit(1), 1500);
  } else if (m.type === 'program') playlist(m.program); // a vertical destination switched on while live
  else if (m.type === 'end-program') process.send({ type: 'program-ended', shape: m.shape }); // the last one switched off
  else if (m.type === 'stop') {
    process.send({ type: 'stopped' });
    setTimeout(() => process.exit(0), 20);
  }
});
process.on('disconnect', () => process.exit(0));
