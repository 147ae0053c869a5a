/**
 * Mounts the real ChatPanel with N public messages and measures, in the browser: time to first
 * painted frame, scroll frame times through the list, and the cost of one incoming message.
 */
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import '../../src/ui/theme.css';
import { ChatPanel } from '../../src/features/chat/ChatPanel';
import { resetChatStore, useChatStore } from '../../src/state/chat/chatStore';
import { demoChatHistory, DEMO_ATTENDEES, PUBLIC_LINES } from '../../src/demo/audience/chatData';

const nextFrame = () => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())));
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;
const self = { guid: 'bench-self', name: 'Bench Moderator', role: 'Moderator' as const };

function messages(n: number, start: number) {
  const template = demoChatHistory(start, self).find((m) => m.tag === 'public' || !('privateChat' in m && m.privateChat));
  return Array.from({ length: n }, (_, i) => ({
    ...template!,
    id: `bench-${i}`,
    body: PUBLIC_LINES[i % PUBLIC_LINES.length]!,
    timestamp: start + i * 1000,
    sender: { ...template!.sender, guid: DEMO_ATTENDEES[i % DEMO_ATTENDEES.length]!.guid, name: DEMO_ATTENDEES[i % DEMO_ATTENDEES.length]!.name },
  }));
}

let root: Root | null = null;

async function run(n: number) {
  root?.unmount();
  resetChatStore();
  useChatStore.getState().setSelf(self);
  useChatStore.getState().loadHistory(messages(n, Date.now() - n * 1000));
  const host = document.getElementById('panel')!;
  const t0 = performance.now();
  root = createRoot(host);
  flushSync(() => root!.render(<ChatPanel />));
  const mountedMs = performance.now() - t0;
  const paintedMs = (await nextFrame()) - t0;
  await nextFrame(); // rows are measured and windowed after the first layout
  const rows = host.querySelectorAll('.chat-row').length;

  // Scroll from the newest to the oldest in steps, one step per frame.
  const scroller = host.querySelector<HTMLElement>('.chat-scroller');
  if (!scroller) throw new Error('chat scroller not found');
  const frameMs: number[] = [];
  let last = await nextFrame();
  for (let i = 0; i < 60; i++) {
    scroller.scrollTop = Math.max(0, scroller.scrollHeight * (1 - i / 60) - scroller.clientHeight);
    const now = await nextFrame();
    frameMs.push(now - last);
    last = now;
  }

  // One incoming message at this list length.
  const incoming: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    flushSync(() => useChatStore.getState().receive({ ...messages(1, Date.now())[0]!, id: `incoming-${n}-${i}` }));
    incoming.push(performance.now() - t);
  }
  return { messages: n, rowsInDom: rows, rowsAfterScroll: host.querySelectorAll('.chat-row').length, mountMs: mountedMs, firstFrameMs: paintedMs, scrollFrameP50: quantile(frameMs, 0.5), scrollFrameP95: quantile(frameMs, 0.95), incomingP50: quantile(incoming, 0.5) };
}

(window as unknown as { __bench: unknown }).__bench = { run };
