/**
 * Scale-out end to end (issue 24): Debian's nginx (round robin, WebSockets proxied, no sticky
 * sessions) in front of two backend processes on one PostgreSQL server (Debian's, on loopback) and
 * one shared data folder. Producer A and producer B land on different processes (the test shows
 * which); an edit, chat, a poll and the roster cross between them; kill -9 of one process mid-edit:
 * the pages reconnect through nginx to the other and nothing acknowledged is lost; a live broadcast's
 * job moves to the surviving process and the RTMP stream resumes. Runs alone (project `scale`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, type Browser, type Page } from '@playwright/test';
import { canonicalJson, type KeyedChannel } from '../../compositor/sync';
import type { ChannelBody } from '../../compositor/model/types';
import { startBackendProcess, type BackendProcess } from './backendProcess';
import { querySql, startPostgres, type PostgresServer } from '../../src/server/dev/servers/postgresServer';
import { startLoadBalancer, type LoadBalancer } from '../../src/server/dev/servers/loadBalancer';
import { holdFreePort, startRtmpServer, type RtmpServer } from '../../src/server/dev/servers/rtmpServer';
import { probe } from './mediaProbe';
import { surfaceReady } from './surface';

test.describe.configure({ mode: 'serial' });

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads of JSON answers
type Surface = { sync(): { view: string; pending: number; unsent: boolean } | null; channel(): ChannelBody | null; state(): { people: { presenters: { name: string }[] } } };
const syncOf = async (page: Page) => (await surfaceReady(page), page.evaluate(() => (window as unknown as { __STUDIO__: Surface }).__STUDIO__.sync()));
const layoutOf = async (page: Page) => (await surfaceReady(page), page.evaluate(() => (window as unknown as { __STUDIO__: Surface }).__STUDIO__.channel()?.layout));
const presenters = (page: Page) => page.evaluate(() => (window as unknown as { __STUDIO__: Surface }).__STUDIO__.state().people.presenters.map((p) => p.name));

let pg: PostgresServer;
let databaseUrl: string;
let dataDir: string;
let lb: LoadBalancer;
let rtmp: RtmpServer;
const backends: BackendProcess[] = [];
/** The node id each backend answers with (X-Studio-Node). */
const nodeOf = new Map<BackendProcess, string>();

const sql = <T = Json>(query: string, params: unknown[] = []) => querySql<T>(databaseUrl, query, params);

const nodeIdOf = async (b: BackendProcess) => (await fetch(`${b.url}/studio/instant-demo/config.json`)).headers.get('x-studio-node') ?? '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  pg = await startPostgres();
  databaseUrl = await pg.database('studio_scale');
  dataDir = mkdtempSync(join(tmpdir(), 'studio-scale-'));
  // The load balancer's port is held until nginx starts: the backends' Janus pick free ports meanwhile.
  const lbHold = await holdFreePort();
  const lbPort = lbHold.port;
  const env = { DATABASE_URL: databaseUrl, STUDIO_PUBLIC_ORIGINS: `http://127.0.0.1:${lbPort}` };
  // One after the other: the first makes the schema and the sample data.
  for (let i = 0; i < 2; i++) {
    const b = await startBackendProcess({ dataDir, env });
    backends.push(b);
    nodeOf.set(b, await nodeIdOf(b));
  }
  await lbHold.release();
  lb = await startLoadBalancer(backends.map((b) => new URL(b.url).host), lbPort);
  rtmp = await startRtmpServer();
});
test.afterAll(async () => {
  for (const b of backends) await b.stop().catch(() => undefined);
  await lb?.close();
  await rtmp?.close();
  pg?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Console errors fail the test, except the network errors a killed process causes. */
const PROVOKED = [/Failed to load resource/, /WebSocket connection to .* failed/, /net::ERR_/, /502 \(Bad Gateway\)/];
const problems: string[] = [];
let killed = false;

async function joinAs(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && !(killed && PROVOKED.some((re) => re.test(m.text()))) && problems.push(`${username}: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`${username}: page error: ${e.message}`));
  await page.addInitScript(() => {
    localStorage.setItem('tutorialCompleted', 'true');
    localStorage.setItem('selectedTool', 'GRAPHICS');
  });
  await page.goto(`${lb.url}/studio/instant-demo/event/product-launch`);
  await page.getByLabel('Username').fill(username, { timeout: 30_000 });
  await page.getByLabel('Password').fill('studio');
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await enter(page);
  return page;
}

async function enter(page: Page): Promise<void> {
  await page.getByRole('button', { name: /ENTER STUDIO/ }).click({ timeout: 30_000 });
  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected', { timeout: 20_000 });
}

/** The process holding each producer's event socket, by user name. */
async function socketNodes(): Promise<Map<string, string>> {
  const rows = await sql<{ name: string; node_id: string }>("SELECT e.entry->>'name' AS name, s.node_id FROM roster_sockets s JOIN roster_entries e USING (event_id, guid) WHERE e.kind = 'producer'");
  return new Map(rows.map((r) => [r.name, r.node_id]));
}

const layoutButton = (page: Page, name: string) => page.getByRole('toolbar', { name: 'Layouts' }).getByRole('button', { name, exact: true });
const channelUuid = (page: Page) => page.evaluate(() => (window as unknown as { __STUDIO__: { state(): { meeting: { channel: { uuid: string } } } } }).__STUDIO__.state().meeting.channel.uuid);

/** Every page and the database agree on the channel, nothing unacknowledged left. */
async function converged(pages: Page[], uuid: string): Promise<string> {
  let view = '';
  let seen = '';
  await expect
    .poll(
      async () => {
        const states = await Promise.all(pages.map(syncOf));
        if (process.env.SCALE_DEBUG) console.log(seen);
        const [row] = await sql<{ keyed: KeyedChannel }>('SELECT keyed FROM channels WHERE uuid = $1', [uuid]);
        view = canonicalJson(row!.keyed);
        seen = JSON.stringify(states.map((s) => s && { pending: s.pending, unsent: s.unsent, same: s.view === view, view: s.view.slice(0, 300) })) + ` db ${view.slice(0, 300)}`;
        return states.every((s) => s !== null && s.pending === 0 && !s.unsent && s.view === view);
      },
      { timeout: 60_000, intervals: [250, 500, 1000] },
    )
    .toBe(true)
    .catch((error: unknown) => {
      throw new Error(`pages and database differ: ${seen}\n${String(error)}`);
    });
  return view;
}

let a: Page;
let b: Page;

test('two producers on two processes behind nginx: an edit, chat, a poll and the roster cross', async ({ browser }) => {
  test.setTimeout(240_000);
  a = await joinAs(browser, 'producer1');
  b = await joinAs(browser, 'producer2');
  // Round robin, no stickiness: B reloads until its sockets are on the other process than A's.
  for (let i = 0; i < 6; i++) {
    const nodes = await socketNodes();
    if (nodes.size === 2 && new Set(nodes.values()).size === 2) break;
    await b.reload();
    await enter(b);
  }
  const nodes = await socketNodes();
  const names = [...nodes.keys()];
  expect(new Set(nodes.values()).size, `event sockets: ${JSON.stringify([...nodes])}`).toBe(2);
  test.info().annotations.push({ type: 'processes', description: names.map((n) => `${n} → ${nodes.get(n)}`).join('; ') });
  console.log(`scale.spec: ${names.map((n) => `${n}'s event socket on ${nodes.get(n)}`).join(', ')}`);

  // An edit on A reaches B.
  await layoutButton(a, 'Cover').click();
  await expect.poll(() => layoutOf(b), { timeout: 10_000 }).toBe('COVER');

  // The roster: each sees the other.
  await expect.poll(async () => (await presenters(b)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);

  // Chat from A appears on B.
  for (const page of [a, b]) await page.getByRole('navigation', { name: 'Studio tools' }).getByRole('button', { name: /^Chat/ }).click();
  await a.getByTestId('tool-panel').getByPlaceholder('Message everyone…').fill('Hello from the other process');
  await a.getByTestId('tool-panel').getByRole('button', { name: 'Send' }).click();
  await expect(b.getByTestId('tool-panel').getByRole('article', { name: /Hello from the other process/ })).toBeVisible({ timeout: 10_000 });

  // A poll made on A is listed on B.
  for (const page of [a, b]) await page.getByRole('navigation', { name: 'Studio tools' }).getByRole('button', { name: /^Poll/ }).click();
  const pa = a.getByTestId('tool-panel');
  await pa.getByRole('button', { name: 'Create poll' }).click();
  await pa.getByRole('textbox', { name: 'Question' }).fill('Which process answered?');
  await pa.getByRole('textbox', { name: 'Option 1' }).fill('The first');
  await pa.getByRole('textbox', { name: 'Option 2' }).fill('The second');
  await pa.getByRole('button', { name: 'Save' }).click();
  await expect(b.getByTestId('tool-panel').getByText('Which process answered?')).toBeVisible({ timeout: 10_000 });
  expect(problems).toEqual([]);
});

test('kill -9 of one process mid-edit and mid-broadcast: the pages reconnect through nginx, nothing acknowledged is lost, the job moves and the stream resumes', async () => {
  test.setTimeout(300_000);
  // Go live through nginx to a real RTMP server.
  const signIn = await fetch(`${lb.url}/usermanager/oauth2/token`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username: 'producer1', password: 'studio', grant_type: 'password' }) });
  const token = ((await signIn.json()) as Json).access_token as string;
  const api = async (path: string, json?: unknown) => {
    const res = await fetch(`${lb.url}${path}`, { method: json === undefined ? 'GET' : 'POST', headers: { 'X-Producer-Authorization': `Bearer ${token}`, ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) }, ...(json === undefined ? {} : { body: JSON.stringify(json) }) });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const uuid = await channelUuid(a);
  const [channelRow] = await sql<{ event_id: string }>('SELECT event_id FROM channels WHERE uuid = $1', [uuid]);
  const eventId = channelRow!.event_id;
  expect((await api(`/api/studio/live/${eventId}/destinations`, { name: 'Site', serverUrl: rtmp.url, streamKey: 'scale-key-5555' })).status).toBe(200);
  expect((await api(`/api/studio/channel/${uuid}/golive`, { quality: '720p' })).status).toBe(200);
  const received = () => rtmp.recordings('scale-key-5555').length;
  await expect.poll(received, { timeout: 60_000 }).toBeGreaterThan(0);
  const [job] = await sql<{ owner: string }>('SELECT owner FROM live_jobs WHERE channel_uuid = $1 ORDER BY started_at DESC LIMIT 1', [uuid]);
  const victim = backends.find((x) => nodeOf.get(x) === job!.owner)!;
  const survivor = backends.find((x) => x !== victim)!;
  console.log(`scale.spec: the broadcast runs on ${job!.owner}; killing it, ${nodeOf.get(survivor)} survives`);

  // The producer whose event socket is on the victim edits while it dies.
  const nodes = await socketNodes();
  const onVictim = [...nodes].find(([, n]) => n === job!.owner)?.[0];
  const editor = onVictim === 'Paul Price' ? b : a;
  await layoutButton(editor, 'Classic').click();
  await converged([a, b], uuid); // acknowledged before the kill
  const files = received();
  killed = true;
  // The edit made as the process dies is not yet acknowledged: the page keeps it and sends it again.
  await Promise.all([victim.kill(), layoutButton(editor, 'Cover').click()]);

  // Both pages come back through nginx, to the survivor, and agree with the database.
  for (const page of [a, b]) await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected', { timeout: 60_000 });
  const dialog = editor.getByRole('alertdialog').or(editor.getByRole('dialog'));
  if (await dialog.isVisible().catch(() => false)) await dialog.getByRole('button', { name: 'OKAY' }).click();
  const final = JSON.parse(await converged([a, b], uuid)) as [string, unknown][];
  expect(final).toContainEqual(['layout', 'COVER']);
  expect((await socketNodes()).size).toBe(2);
  expect(new Set((await socketNodes()).values())).toEqual(new Set([nodeOf.get(survivor)]));

  // The survivor takes the broadcast over (the victim's heartbeat went stale) and a new stream arrives.
  await expect.poll(async () => (await sql<{ owner: string }>('SELECT owner FROM live_jobs WHERE channel_uuid = $1 ORDER BY started_at DESC LIMIT 1', [uuid]))[0]?.owner, { timeout: 45_000 }).toBe(nodeOf.get(survivor));
  await expect.poll(received, { timeout: 60_000 }).toBeGreaterThan(files);
  expect((await api(`/api/studio/channel/${uuid}/stoplive`, {})).status).toBe(200);
  await expect.poll(async () => (await sql<{ state: string }>('SELECT state FROM live_jobs WHERE channel_uuid = $1 ORDER BY started_at DESC LIMIT 1', [uuid]))[0]?.state, { timeout: 30_000 }).toBe('stopped');
  // What the RTMP server received from the survivor is the program: H.264 720p with AAC sound.
  const resumed = probe(rtmp.recordings('scale-key-5555').at(-1)!);
  expect(resumed).toMatchObject({ video: { codec: 'h264', width: 1280, height: 720 }, audio: { codec: 'aac' } });
  expect(resumed.durationSec).toBeGreaterThan(1);
  expect(problems).toEqual([]);
});
