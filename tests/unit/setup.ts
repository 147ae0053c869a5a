import '@testing-library/jest-dom/vitest';
import 'vitest-canvas-mock';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// jsdom has no media playback; the app treats play() as a promise that may reject.
Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: () => Promise.resolve() });
Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, value: () => undefined });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
