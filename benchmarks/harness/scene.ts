/** Harness inputs: N canvases with moving content, the scene the studio would make, a tiny store. */
import { channelScene } from '../../compositor/convert';
import { emptyChannel } from '../../compositor/model/channel';
import { producerCard } from '../../compositor/model/producerCard';
import type { SceneModel } from '../../compositor/model/scene';
import type { LayoutCode, ProducerCard } from '../../compositor/model/types';

const SOURCE_W = 640;
const SOURCE_H = 360;

export class Sources {
  readonly canvases: HTMLCanvasElement[] = [];
  private readonly contexts: CanvasRenderingContext2D[] = [];
  private tick = 0;

  constructor(n: number) {
    for (let i = 0; i < n; i += 1) {
      const canvas = document.createElement('canvas');
      canvas.width = SOURCE_W;
      canvas.height = SOURCE_H;
      this.canvases.push(canvas);
      this.contexts.push(canvas.getContext('2d', { alpha: false })!);
    }
    this.paint();
  }

  /** Repaint every source (a new "video frame"); returns ms spent. */
  paint(): number {
    const start = performance.now();
    this.tick += 1;
    const t = this.tick;
    this.contexts.forEach((ctx, i) => {
      ctx.fillStyle = `hsl(${(i * 40 + t) % 360} 45% 35%)`;
      ctx.fillRect(0, 0, SOURCE_W, SOURCE_H);
      ctx.fillStyle = '#f2f2f2';
      ctx.fillRect((t * 7 + i * 50) % (SOURCE_W - 80), 60 + ((t * 3) % 200), 80, 80);
      ctx.fillStyle = `hsl(${(i * 40 + 180) % 360} 70% 60%)`;
      ctx.beginPath();
      ctx.arc(SOURCE_W / 2 + Math.sin(t / 10 + i) * 200, SOURCE_H / 2, 40, 0, Math.PI * 2);
      ctx.fill();
    });
    return performance.now() - start;
  }
}

/** Live guest i, as the studio builds cards (§3 defaults). */
export function card(i: number): ProducerCard {
  return producerCard({ id: `p${i}`, name: `Guest ${i + 1}`, url: `https://media.example/p${i}`, number: i + 2, isLive: true, liveRank: (i + 1) * 10, orderRank: (i + 1) * 10, timezone: 'UTC', participantGuid: `guid-${i}` });
}

/** The scene the studio's selectScene makes for these cards (compositor/convert), at zoom 1. */
export function sceneOf(cards: ProducerCard[], layout: LayoutCode): SceneModel {
  return { ...channelScene({ ...emptyChannel(), producers: cards, layout }), previewZoom: 1 };
}

export class Store {
  private readonly listeners = new Set<() => void>();
  constructor(private state: SceneModel) {}
  getState = (): SceneModel => this.state;
  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  set(state: SceneModel): void {
    this.state = state;
    this.listeners.forEach((l) => l());
  }
}
