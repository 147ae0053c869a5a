import '@testing-library/jest-dom/vitest';
import 'vitest-canvas-mock';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// jsdom has no media playback; the app treats play() as a promise that may reject. (Tests in the node
// environment, like the ESLint import rules, have no DOM at all.)
if (typeof HTMLMediaElement !== 'undefined') {
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: () => Promise.resolve() });
  Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, value: () => undefined });
}

// jsdom does not lay out, so nothing ever resizes; react-resizable-panels only needs the API.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// jsdom has no media queries: none matches (a landscape screen); a test stubs matchMedia to say otherwise.
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}

afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear();
});
