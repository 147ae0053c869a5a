/**
 * Mounts the real ChatPanel with N public messages and measures, in the browser: time to first
 * painted frame, rows in the DOM, scroll frame times through the list, and the cost of one incoming
 * message scrolled up (counted) and at the bottom (followed): the store update in flushSync and the
 * renders its effects cause, up to the next task. Each phase also gets its main-thread CPU time when
 * the benchmark script provides it. It checks the list's behaviour too: it starts at the newest
 * message, keeps it in view when the panel gets shorter, follows new messages (one at a time and a
 * burst), stays put when scrolled up, and the "new messages" pill brings the reader back down.
 */
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import '../../src/ui/theme.css';
import { ChatPanel } from '../../src/features/chat/ChatPanel';
import { STICK_THRESHOLD_PX } from '../../src/features/chat/useWindowedList';
import { resetChatStore, useChatStore } from '../../src/state/chat/chatStore';
import { demoChatHistory, DEMO_ATTENDEES, PUBLIC_LINES } from '../../src/demo/audience/chatData';

const nextFrame = () => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())));
/** The next task: React's passive effects (and the renders they cause) have run by then. */
const nextTask = () =>
  new Promise<void>((r) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => r();
    channel.port2.postMessage(null);
  });
/** Main-thread CPU time in ms, from the benchmark script (CDP); NaN when the page runs alone. Unlike
 * wall time, it does not grow when other processes take the CPU. */
const cpuMs = async () => (await (window as unknown as { __cpuMs?: () => Promise<number> }).__cpuMs?.()) ?? NaN;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;
const self = { guid: 'bench-self', name: 'Bench Moderator', role: 'Moderator' as const };
const INCOMING = 20;

function messages(n: number, start: number, prefix = 'bench') {
  const template = demoChatHistory(start, self).find((m) => m.tag === 'public' || !('privateChat' in m && m.privateChat));
  return Array.from({ length: n }, (_, i) => ({
    ...template!,
    id: `${prefix}-${i}`,
    body: PUBLIC_LINES[i % PUBLIC_LINES.length]!,
    timestamp: start + i * 1000,
    sender: { ...template!.sender, guid: DEMO_ATTENDEES[i % DEMO_ATTENDEES.length]!.guid, name: DEMO_ATTENDEES[i % DEMO_ATTENDEES.length]!.name },
  }));
}

let root: Root | null = null;
let runs = 0;

async function run(n: number) {
  root?.unmount();
  (window as unknown as { gc?: () => void }).gc?.();
  await nextFrame();
  runs += 1;
  resetChatStore();
  useChatStore.getState().setSelf(self);
  useChatStore.getState().loadHistory(messages(n, Date.now() - n * 1000));
  const host = document.getElementById('panel')!;
  const cpuBeforeMount = await cpuMs();
  const t0 = performance.now();
  root = createRoot(host);
  flushSync(() => root!.render(<ChatPanel />));
  const mountedMs = performance.now() - t0;
  const paintedMs = (await nextFrame()) - t0;
  await nextFrame(); // rows are measured and windowed after the first layout
  const mountCpuMs = (await cpuMs()) - cpuBeforeMount;
  const rows = host.querySelectorAll('.chat-row').length;
  const scroller = host.querySelector<HTMLElement>('.chat-scroller');
  if (!scroller) throw new Error('chat scroller not found');
  const fromBottom = () => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
  const rowInDom = (id: string) => host.querySelector(`[data-row-key="${id}"]`) !== null;
  const startsAtNewest = fromBottom() <= 1 && rowInDom(`bench-${n - 1}`);
  // A shorter panel (a taller composer, a resized layout) keeps the newest message in view.
  const height = host.style.height;
  host.style.height = '560px';
  await nextFrame();
  await nextFrame();
  const keepsBottomOnResize = fromBottom() <= 1;
  host.style.height = height;
  await nextFrame();
  await nextFrame();
  const incoming = (prefix: string) => ({ ...messages(1, Date.now(), prefix)[0]!, id: `${prefix}-${runs}-${Math.random()}` });

  // Incoming messages at the bottom: the list follows them (one per frame, as a busy chat would).
  const follow: number[] = [];
  let follows = true;
  const cpuBeforeFollow = await cpuMs();
  for (let i = 0; i < INCOMING; i++) {
    const message = incoming('follow');
    const t = performance.now();
    flushSync(() => useChatStore.getState().receive(message));
    await nextTask();
    follow.push(performance.now() - t);
    await nextFrame();
    if (!(rowInDom(message.id) && fromBottom() <= STICK_THRESHOLD_PX)) follows = false;
  }
  await nextFrame();
  const followCpuMs = ((await cpuMs()) - cpuBeforeFollow) / INCOMING;
  // A burst of 30 in one render (more than the overscan): the list still ends at the newest.
  const burst = Array.from({ length: 30 }, () => incoming('burst'));
  flushSync(() => burst.forEach((m) => useChatStore.getState().receive(m)));
  for (let i = 0; i < 3; i++) await nextFrame();
  const followsBurst = rowInDom(burst[burst.length - 1]!.id) && fromBottom() <= 1;

  // Scroll from the newest to the oldest in steps, one step per frame.
  const frameMs: number[] = [];
  const cpuBeforeScroll = await cpuMs();
  let last = await nextFrame();
  for (let i = 0; i < 60; i++) {
    scroller.scrollTop = Math.max(0, scroller.scrollHeight * (1 - i / 60) - scroller.clientHeight);
    const now = await nextFrame();
    frameMs.push(now - last);
    last = now;
  }
  await nextFrame();
  await nextFrame();
  const scrollCpuMs = ((await cpuMs()) - cpuBeforeScroll) / 60;
  const rowsAfterScroll = host.querySelectorAll('.chat-row').length;

  // Incoming messages while scrolled up: counted, the list does not move. `upSync` is the render in
  // flushSync alone; `up` also takes the renders its effects cause (a passive effect's runs after).
  const up: number[] = [];
  const upSync: number[] = [];
  const topBefore = scroller.scrollTop;
  const firstRowBefore = host.querySelector<HTMLElement>('.chat-row')?.dataset.rowKey;
  const cpuBeforeUp = await cpuMs();
  for (let i = 0; i < INCOMING; i++) {
    const t = performance.now();
    flushSync(() => useChatStore.getState().receive(incoming('up')));
    upSync.push(performance.now() - t);
    await nextTask();
    up.push(performance.now() - t);
  }
  await nextFrame();
  await nextFrame();
  const upCpuMs = ((await cpuMs()) - cpuBeforeUp) / INCOMING;
  const staysPut = Math.abs(scroller.scrollTop - topBefore) <= 1 && host.querySelector<HTMLElement>('.chat-row')?.dataset.rowKey === firstRowBefore;
  const pill = [...host.querySelectorAll('button')].find((b) => b.textContent === `${INCOMING} new messages`);
  pill?.click();
  for (let i = 0; i < 4; i++) await nextFrame();
  const pillReturns = pill !== undefined && fromBottom() <= STICK_THRESHOLD_PX && host.querySelectorAll('.chat-new-pill').length === 0;

  return {
    messages: n,
    rowsInDom: rows,
    rowsAfterScroll,
    mountMs: mountedMs,
    firstFrameMs: paintedMs,
    scrollFrameP50: quantile(frameMs, 0.5),
    scrollFrameP95: quantile(frameMs, 0.95),
    incomingP50: quantile(up, 0.5),
    incomingSyncP50: quantile(upSync, 0.5),
    incomingFollowP50: quantile(follow, 0.5),
    mountCpuMs,
    scrollCpuPerFrameMs: scrollCpuMs,
    incomingCpuMs: upCpuMs,
    incomingFollowCpuMs: followCpuMs,
    behaviour: { startsAtNewest, keepsBottomOnResize, follows, followsBurst, staysPut, pillReturns },
  };
}

(window as unknown as { __bench: unknown }).__bench = { run };
