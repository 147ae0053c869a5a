// @vitest-environment node
/**
 * No acknowledged write is lost: after a clean restart, and after the server process is killed
 * with SIGKILL (every write is committed before its answer; PGlite's relaxedDurability is off).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { bodyOf, changesBetween } from '../../src/server/syncCore';
import { REPO_ROOT } from '../../src/server/server';
import type { ChannelBody } from '../../compositor/model/types';
import { backendOn, call, channelOf, eventBySharingUrl, producer, removeDir, signIn, tempDir, type Json } from './helpers';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null && c.pid) process.kill(-c.pid, 'SIGKILL');
  for (const d of dirs) removeDir(d);
});

const bodyWith = (c: Json, primaryColor: string): ChannelBody => ({
  ...bodyOf({ version: 0, applied: {}, keyed: {} }, { name: c.name, templateUrl: '' }, null),
  layers: c.layers,
  layout: c.layout,
  templateAttributes: c.templateAttributes,
  producerOrder: c.producerOrder,
  brandSettings: { ...c.brandSettings, primaryColor },
});
const colour = (i: number) => `#0000${i.toString(16).padStart(2, '0')}`;

/** PUTs `count` updates from one origin, each acknowledged (200) before the next. */
async function putUpdates(base: string, token: string, channel: Json, origin: string, count: number): Promise<void> {
  let before = bodyWith(channel, channel.brandSettings.primaryColor);
  for (let seq = 1; seq <= count; seq++) {
    const after = bodyWith(channel, colour(seq));
    const res = await call(`${base}/api/studio/channel/${channel.uuid}`, { method: 'PUT', headers: producer(token), json: { ...after, sync: { origin, seq, changes: changesBetween(before, after) } } });
    expect(res.status).toBe(200);
    expect((res.body as Json).applied[origin]).toBe(seq);
    before = after;
  }
}

async function readBack(base: string, uuid: string): Promise<Json> {
  const { token } = await signIn(base, 'producer1');
  return (await call(`${base}/api/studio/channel/${uuid}`, { headers: producer(token) })).body;
}

describe('durability', () => {
  it('keeps an update across close() and a new start on the same data folder', async () => {
    const dir = tempDir();
    dirs.push(dir);
    let backend = await backendOn(dir, { embedded: true });
    const { token } = await signIn(backend.url, 'producer1');
    const channel = await channelOf(backend.url, token, (await eventBySharingUrl(backend.url, 'product-launch')).eventId);
    await putUpdates(backend.url, token, channel, 'restart-tab', 1);
    await backend.close();

    backend = await backendOn(dir, { embedded: true });
    try {
      const again = await readBack(backend.url, channel.uuid);
      expect(again).toMatchObject({ version: channel.version + 1, applied: { 'restart-tab': 1 }, brandSettings: { primaryColor: colour(1) } });
      // Tokens are stored, so the one from before the restart still works; the seed did not run again.
      const list = await call(`${backend.url}/api/studio/channel/list`, { headers: producer(token) });
      expect(list.status).toBe(200);
      expect((list.body as Json[]).filter((c) => c.name === 'Product Launch Live').map((c) => c.uuid)).toEqual([channel.uuid]);
    } finally {
      await backend.close();
    }
  });

  it('loses none of 20 acknowledged updates when the process is killed with SIGKILL', async () => {
    const dir = tempDir();
    dirs.push(dir);
    // A process group of its own, so SIGKILL reaches npx, tsx and the server at once.
    const child = spawn('npx', ['tsx', 'src/server/main.ts'], { cwd: REPO_ROOT, env: { ...process.env, PORT: '0', DATA_DIR: dir }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no start line: ${out}`)), 90_000);
      child.stdout!.on('data', (d: Buffer) => {
        out += String(d);
        const m = /Studio backend on (http:\/\/\S+)/.exec(out);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    const { token } = await signIn(url, 'producer1');
    const channel = await channelOf(url, token, (await eventBySharingUrl(url, 'product-launch')).eventId);
    await putUpdates(url, token, channel, 'killed-tab', 20);

    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGKILL');
    await exited;

    const backend = await backendOn(dir, { embedded: true });
    try {
      const again = await readBack(backend.url, channel.uuid);
      expect(again).toMatchObject({ version: channel.version + 20, applied: { 'killed-tab': 20 }, brandSettings: { primaryColor: colour(20) } });
    } finally {
      await backend.close();
    }
  });
});
