/**
 * One media element per key, shared by the compositor (as textures) and the UI: guest feeds,
 * the moderator's camera, backgrounds. Elements live outside React so re-renders never restart a
 * video, and the compositor can resolve any key synchronously.
 */
export type MediaElement = HTMLVideoElement | HTMLCanvasElement | HTMLImageElement;

const elements = new Map<string, MediaElement>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

function playQuietly(video: HTMLVideoElement) {
  void video.play().catch(() => undefined); // muted autoplay is allowed; a refusal just shows a still
}

export const media = {
  get: (key: string): MediaElement | null => elements.get(key) ?? null,
  /** A looping, muted video from a URL (demo guest feeds, background videos). */
  video(key: string, url: string): HTMLVideoElement {
    const existing = elements.get(key);
    if (existing instanceof HTMLVideoElement && existing.dataset.src === url) return existing;
    const video = document.createElement('video');
    Object.assign(video, { muted: true, loop: true, playsInline: true, autoplay: true, preload: 'auto', crossOrigin: 'anonymous' });
    video.dataset.src = url;
    video.src = url;
    playQuietly(video);
    elements.set(key, video);
    changed();
    return video;
  },
  image(key: string, url: string): HTMLImageElement {
    const existing = elements.get(key);
    if (existing instanceof HTMLImageElement && existing.src.endsWith(url)) return existing;
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.decoding = 'async';
    img.src = url;
    img.addEventListener('load', changed, { once: true });
    elements.set(key, img);
    changed();
    return img;
  },
  /** A live stream (the moderator's camera); null removes it. */
  stream(key: string, stream: MediaStream | null): HTMLVideoElement | null {
    const existing = elements.get(key);
    if (!stream) {
      if (existing instanceof HTMLVideoElement) existing.srcObject = null;
      elements.delete(key);
      changed();
      return null;
    }
    const video = existing instanceof HTMLVideoElement ? existing : document.createElement('video');
    Object.assign(video, { muted: true, playsInline: true, autoplay: true });
    if (video.srcObject !== stream) video.srcObject = stream;
    playQuietly(video);
    elements.set(key, video);
    changed();
    return video;
  },
  /** Any ready element (a drawn canvas, a decoded image) under a key. */
  register(key: string, element: MediaElement): void {
    elements.set(key, element);
    changed();
  },
  /** Called when any element is added, replaced or removed. */
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  clear(): void {
    for (const el of elements.values()) if (el instanceof HTMLVideoElement) el.srcObject = null;
    elements.clear();
    changed();
  },
};
