/**
 * Media textures: one pixi TextureSource per media element, shared by every tile that shows it,
 * reference counted, uploaded only when the element has a new frame.
 *
 * Why not pixi's VideoSource: it plays the element (autoPlay), overrides alphaMode after an async
 * probe, and on destroy pauses the element and clears its src. The host owns its media (a camera
 * stream stays live while a producer is off air), so the compositor only ever reads it.
 *
 * New frames are known from requestVideoFrameCallback for videos, from invalidate() for canvases and
 * images (the host repainted them), and from media events (metadata, size, first data, image load).
 */
import { TextureSource } from 'pixi.js';
import type { MediaElement } from './types';
import type { RendererPreference } from './rendererChoice';

const isVideo = (el: MediaElement): el is HTMLVideoElement =>
  typeof HTMLVideoElement !== 'undefined' && el instanceof HTMLVideoElement;
const isImage = (el: MediaElement): el is HTMLImageElement =>
  typeof HTMLImageElement !== 'undefined' && el instanceof HTMLImageElement;

/** HAVE_CURRENT_DATA: the element can paint its current frame. */
const HAVE_CURRENT_DATA = 2;

/** Intrinsic pixel size of the media (0×0 while unknown). */
export function mediaSize(el: MediaElement): { width: number; height: number } {
  if (isVideo(el)) return { width: el.videoWidth, height: el.videoHeight };
  if (isImage(el)) return { width: el.naturalWidth, height: el.naturalHeight };
  return { width: el.width, height: el.height };
}

/** True when the element has pixels to draw (else its tile shows the placeholder). */
export function hasFrame(el: MediaElement): boolean {
  const { width, height } = mediaSize(el);
  if (!(width > 0 && height > 0)) return false;
  if (isVideo(el)) return el.readyState >= HAVE_CURRENT_DATA;
  if (isImage(el)) return el.complete;
  return true;
}

/**
 * How an opaque medium (camera feed, background) is declared, per renderer:
 * - WebGL: already premultiplied. Nothing is done per pixel on upload (for alpha = 1 both forms are
 *   the same pixels), and a tile fading in or out blends at its alpha. Declared 'no-premultiply-alpha',
 *   pixi's WebGL batcher blended them with SRC_ALPHA over a colour it had already multiplied by the
 *   alpha: a tile at half its fade showed at a quarter.
 * - Canvas 2D: not premultiplied. pixi's Canvas 2D renderer turns a 'premultiplied-alpha' source into
 *   an un-premultiplied copy (drawImage, getImageData, a loop per pixel) and keeps that copy until the
 *   source is re-allocated: a playing video stayed on its first frame (the capture and every studio on
 *   a software-GL machine showed frozen cameras), and each copy cost a full CPU pass. Canvas 2D draws
 *   the element itself at the tile's globalAlpha, which is the right fade.
 */
function opaqueAlphaMode(renderer: RendererPreference): 'premultiplied-alpha' | 'no-premultiply-alpha' {
  return renderer === 'webgl' ? 'premultiplied-alpha' : 'no-premultiply-alpha';
}

/** A TextureSource over a host-owned media element (opaque unless it keeps its alpha, like a logo). */
export class MediaTextureSource extends TextureSource<MediaElement> {
  constructor(element: MediaElement, opaque = true, renderer: RendererPreference = 'webgl') {
    const { width, height } = mediaSize(element);
    super({
      resource: element,
      width: Math.max(1, width),
      height: Math.max(1, height),
      alphaMode: opaque ? opaqueAlphaMode(renderer) : 'premultiply-alpha-on-upload',
      autoGarbageCollect: false,
      label: 'studio-media',
    });
    // pixi's 'video' uploader allocates a 1×1 texture while isValid is false; 'image' handles canvas/img.
    this.uploadMethodId = isVideo(element) ? 'video' : 'image';
  }

  /** Read by pixi's video uploader. */
  get isValid(): boolean {
    return this.resource ? hasFrame(this.resource) : false;
  }
}

export interface MediaEntry {
  readonly element: MediaElement;
  readonly source: MediaTextureSource;
}

interface Entry extends MediaEntry {
  refs: number;
  /** The element has pixels newer than the last upload. */
  dirty: boolean;
  /** A playing video without requestVideoFrameCallback: polled every frame while playing. */
  polled: boolean;
  frameHandle: number | null;
  detach: () => void;
}

export interface MediaTexturesEvents {
  /** New pixels to upload: draw a frame. */
  onFrame(): void;
  /** Size or readiness changed (metadata, first data, image loaded, emptied): re-lay tiles, draw. */
  onMediaChange(): void;
}

type VideoWithFrames = HTMLVideoElement & {
  requestVideoFrameCallback?: (cb: () => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

export class MediaTextures {
  private readonly entries = new Map<MediaElement, Entry>();

  constructor(
    private readonly events: MediaTexturesEvents,
    private readonly renderer: RendererPreference = 'webgl',
  ) {}

  /** Live media textures. */
  get count(): number {
    return this.entries.size;
  }

  /** Some playing video can only be observed by polling: the compositor keeps drawing frames. */
  get polling(): boolean {
    for (const e of this.entries.values()) if (e.polled) return true;
    return false;
  }

  /** `opaque` false: the picture keeps its alpha (a logo); decided by the element's first user. */
  acquire(element: MediaElement, opaque = true): MediaEntry {
    let entry = this.entries.get(element);
    if (!entry) {
      entry = this.create(element, opaque);
      this.entries.set(element, entry);
    }
    entry.refs += 1;
    return entry;
  }

  release(handle: MediaEntry): void {
    const entry = this.entries.get(handle.element);
    if (!entry || entry !== handle) return;
    entry.refs -= 1;
    if (entry.refs > 0) return;
    this.entries.delete(entry.element);
    entry.detach();
    entry.source.destroy();
  }

  /** Mark one element (or all) as having new pixels. Returns true when something is live. */
  invalidate(element?: MediaElement): boolean {
    if (element) {
      const entry = this.entries.get(element);
      if (entry) entry.dirty = true;
      return entry !== undefined;
    }
    for (const entry of this.entries.values()) entry.dirty = true;
    return this.entries.size > 0;
  }

  /**
   * Upload every element with a new frame (and polled videos). Returns the upload count and whether
   * some source changed size (its tiles' crop frames must be recomputed).
   */
  flush(): { uploads: number; resized: boolean } {
    let uploads = 0;
    let resized = false;
    for (const entry of this.entries.values()) {
      if (!entry.dirty && !entry.polled) continue;
      entry.dirty = false;
      const el = entry.element;
      if (!hasFrame(el)) continue;
      const { width, height } = mediaSize(el);
      const { source } = entry;
      if (width !== source.pixelWidth || height !== source.pixelHeight) {
        source.resize(width, height, 1); // pixi re-allocates and re-uploads on 'resize'
        resized = true;
      } else {
        source.update(); // WebGL: texSubImage2D now; Canvas 2D: drawImage reads the element itself at render
      }
      uploads += 1;
    }
    return { uploads, resized };
  }

  destroy(): void {
    for (const entry of this.entries.values()) {
      entry.detach();
      entry.source.destroy();
    }
    this.entries.clear();
  }

  private create(element: MediaElement, opaque: boolean): Entry {
    const entry: Entry = {
      element,
      source: new MediaTextureSource(element, opaque, this.renderer),
      refs: 0,
      dirty: false, // the first bind uploads it
      polled: false,
      frameHandle: null,
      detach: () => undefined,
    };
    const changed = (): void => {
      entry.dirty = true;
      this.events.onMediaChange();
    };
    if (isVideo(element)) entry.detach = this.watchVideo(element as VideoWithFrames, entry, changed);
    else if (isImage(element)) {
      element.addEventListener('load', changed);
      entry.detach = () => element.removeEventListener('load', changed);
    }
    return entry;
  }

  private watchVideo(video: VideoWithFrames, entry: Entry, changed: () => void): () => void {
    const mediaEvents = ['loadedmetadata', 'loadeddata', 'resize', 'emptied', 'seeked'] as const;
    for (const type of mediaEvents) video.addEventListener(type, changed);
    let detached = false;

    if (typeof video.requestVideoFrameCallback === 'function') {
      // Fires once per frame the element presents (playing, or after a seek); a paused video costs nothing.
      const onVideoFrame = (): void => {
        entry.frameHandle = null;
        if (detached) return;
        entry.dirty = true;
        this.events.onFrame();
        entry.frameHandle = video.requestVideoFrameCallback!(onVideoFrame);
      };
      entry.frameHandle = video.requestVideoFrameCallback(onVideoFrame);
      return () => {
        detached = true;
        for (const type of mediaEvents) video.removeEventListener(type, changed);
        if (entry.frameHandle !== null) video.cancelVideoFrameCallback?.(entry.frameHandle);
        entry.frameHandle = null;
      };
    }

    // No requestVideoFrameCallback: poll every animation frame while the video plays.
    const syncPolling = (): void => {
      entry.polled = !video.paused && !video.ended;
      if (entry.polled) this.events.onFrame();
    };
    const playEvents = ['play', 'playing', 'pause', 'ended'] as const;
    for (const type of playEvents) video.addEventListener(type, syncPolling);
    syncPolling();
    return () => {
      detached = true;
      entry.polled = false;
      for (const type of mediaEvents) video.removeEventListener(type, changed);
      for (const type of playEvents) video.removeEventListener(type, syncPolling);
    };
  }
}
