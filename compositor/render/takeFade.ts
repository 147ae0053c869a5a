/**
 * The cross-fade of a take (issue 25, Fade): the look last drawn is kept as one picture and drawn
 * over the new look at alpha 1 - p until the fade ends, on the compositor's clock.
 *
 * Why a snapshot of the last frame rather than the outgoing display tree kept live: drawing a live
 * tree at a container alpha blends its own layers into each other (its background shows through its
 * tiles mid-fade: not a true mix of the two looks), and a correct live mix needs an offscreen pass of
 * the whole outgoing tree every frame (a filter) - more than this one full-frame quad, which matters
 * in software rendering (PERF-NOTES). A second live tree would also duplicate every text raster and
 * replay the templates' entrances (a ticker in both looks would restart). The price: the outgoing
 * videos hold their last frame for the fade's length (500 ms by default). Media textures are not
 * touched: the snapshot is one render of what is on screen into a texture of the frame's size,
 * destroyed when the fade ends (so idle holds no extra texture).
 */
import { Container, RenderTexture, Sprite, Texture, type Renderer } from 'pixi.js';
import { fadeAlphas, fadeProgress } from '../layout/fade';

export class TakeFade {
  /** What is drawn: the scene root under the outgoing picture. */
  readonly stage = new Container();
  private readonly sprite = new Sprite(Texture.EMPTY);
  private snapshot: RenderTexture | null = null;
  private start = 0;
  private durationMs = 0;

  constructor(
    private readonly renderer: Renderer,
    sceneRoot: Container,
  ) {
    this.stage.label = 'stage';
    this.sprite.label = 'take-fade';
    this.sprite.visible = false;
    this.stage.addChild(sceneRoot, this.sprite);
  }

  /** The outgoing picture's alpha as last stepped; 0 when no fade runs. */
  get outgoingAlpha(): number {
    return this.snapshot ? this.sprite.alpha : 0;
  }

  /** A fade is drawing (its snapshot is a live texture). */
  get running(): boolean {
    return this.snapshot !== null;
  }

  /**
   * Keep what is on screen (`width`×`height`, the stage as drawn last, a running fade's mix included)
   * and fade it out from `start` (compositor clock) over `durationMs`.
   */
  begin(width: number, height: number, start: number, durationMs: number): void {
    const snapshot = RenderTexture.create({ width, height, resolution: 1 });
    // A texture target is cleared to transparent unless told: the clear colour is the old background.
    this.renderer.render({ container: this.stage, target: snapshot, clear: true, clearColor: this.renderer.background.colorRgba });
    this.end();
    this.snapshot = snapshot;
    this.start = start;
    this.durationMs = durationMs;
    this.sprite.texture = snapshot;
    this.sprite.position.set(0, 0);
    this.sprite.setSize(width, height);
    this.sprite.alpha = 1;
    this.sprite.visible = true;
  }

  /** The outgoing picture's alpha at `now`; false (and the snapshot gone) once the fade is over. */
  step(now: number): boolean {
    if (!this.snapshot) return false;
    const p = fadeProgress(now, this.start, this.durationMs);
    if (p >= 1) {
      this.end();
      return false;
    }
    this.sprite.alpha = fadeAlphas(p).outgoing;
    return true;
  }

  /** Stop now (a Cut, a resize, destroy): the new look alone. */
  end(): void {
    if (!this.snapshot) return;
    this.sprite.visible = false;
    this.sprite.texture = Texture.EMPTY;
    this.snapshot.destroy(true);
    this.snapshot = null;
  }

  destroy(): void {
    this.end();
    this.sprite.destroy();
    this.stage.removeChildren();
    this.stage.destroy();
  }
}
