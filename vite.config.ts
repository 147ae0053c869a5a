/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { viteStaticCopy } from 'vite-plugin-static-copy';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Base path of the app (§2 Routes); a build setting can override it. */
const BASE = process.env.STUDIO_BASE ?? '/studio/instant-demo/';
/** Where the segmentation runtime's files are served, under BASE (services/media/segmentation.ts). */
const SEGMENTATION_DIR = 'mediapipe/selfie_segmentation';

/**
 * Content-Security-Policy of the built app (RELIABILITY-NOTES §2.3). No 'unsafe-eval': pixi runs with
 * 'pixi.js/unsafe-eval'. 'wasm-unsafe-eval' lets the camera's person segmentation compile its
 * WebAssembly (it allows no JavaScript eval). data: only for images and fonts; blob: for media and workers.
 */
/**
 * react-colorful (the brand colour picker) adds one fixed <style> element for its own layout. Rather
 * than allowing inline styles, the policy allows exactly that stylesheet by its hash, read from the
 * installed package, so an upgrade that changes it fails loudly (a CSP violation in the browser tests).
 */
function reactColorfulStyleHash(): string {
  const source = readFileSync(createRequire(import.meta.url).resolve('react-colorful'), 'utf8');
  const css = /innerHTML='((?:[^'\\]|\\.)*)'/.exec(source)?.[1]?.replace(/\\'/g, "'");
  if (!css) throw new Error('react-colorful: its stylesheet was not found; update the CSP hash rule in vite.config.ts');
  return `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
}

export const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  `style-src 'self' ${reactColorfulStyleHash()}`,
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "connect-src 'self' https: wss: data: blob:",
  "worker-src 'self' blob:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];
const CSP_META = CSP_DIRECTIVES.join('; ');
/** frame-ancestors is ignored in a <meta> policy, so the served header carries it too. */
const CSP_HEADER = [...CSP_DIRECTIVES, "frame-ancestors 'none'"].join('; ');

function contentSecurityPolicy(): Plugin {
  return {
    name: 'studio-csp',
    apply: 'build',
    transformIndexHtml: (html) =>
      html.replace('<head>', `<head>\n    <meta http-equiv="Content-Security-Policy" content="${CSP_META}" />`),
  };
}

/**
 * The runtime configuration next to index.html (src/config.ts): the demo build says "demo"; the
 * studio backend serves its own config.json pointing every service at itself (src/server).
 * `STUDIO_BACKEND_URL` points a dev server at a running backend instead.
 */
function runtimeConfig(): Plugin {
  const backendUrl = process.env.STUDIO_BACKEND_URL;
  return {
    name: 'studio-runtime-config',
    configureServer(server) {
      server.middlewares.use(`${BASE}config.json`, (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        if (!backendUrl) return void res.end(JSON.stringify({ backend: 'demo' }));
        // The backend's own config.json, its relative addresses made absolute for this other origin.
        fetch(new URL(`${BASE}config.json`, backendUrl))
          .then((r) => r.json() as Promise<Record<string, unknown>>)
          .then((config) => res.end(JSON.stringify(Object.fromEntries(Object.entries(config).map(([k, v]) => [k, typeof v === 'string' && v.startsWith('/') ? new URL(v, backendUrl).href : v])))))
          .catch((error: unknown) => ((res.statusCode = 502), res.end(JSON.stringify({ backend: 'demo', error: String(error) }))));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'config.json', source: `${JSON.stringify({ backend: 'demo' }, null, 2)}\n` });
    },
  };
}

export default defineConfig({
  base: BASE,
  plugins: [
    react(),
    contentSecurityPolicy(),
    runtimeConfig(),
    // The person-segmentation runtime loads its own script, WebAssembly and model by URL, so its
    // package files and the classic worker that runs it are served as they are, not bundled
    // (services/media/segmentation.ts).
    viteStaticCopy({
      targets: [
        { src: 'node_modules/@mediapipe/selfie_segmentation/*.{js,wasm,data,tflite,binarypb}', dest: SEGMENTATION_DIR, rename: { stripBase: true } },
        { src: 'src/services/media/segmentation-worker.js', dest: SEGMENTATION_DIR, rename: { stripBase: true } },
      ],
    }),
  ],
  server: { port: 5173 },
  preview: { port: 4173, headers: { 'Content-Security-Policy': CSP_HEADER } },
  // Media never becomes a data: URI: the CSP allows data: for images and fonts only.
  build: { sourcemap: true, chunkSizeWarningLimit: 1500, assetsInlineLimit: (file) => (/\.(ogg|mp3|wav|mp4|webm|mov)$/.test(file) ? false : undefined) },
  test: {
    // The backend's tests need no DOM: Node's environment spares each file jsdom's start-up. The UI
    // tests run in threads (cheaper to start than processes); the server tests in processes, since
    // they start backends and change process state.
    projects: [
      {
        extends: true,
        test: { name: 'unit', environment: 'jsdom', pool: 'threads', include: ['tests/unit/**/*.test.{ts,tsx}'], setupFiles: ['tests/unit/setup.ts'] },
      },
      {
        extends: true,
        // globalSetup: one blank database cluster for the run, copied by each backend the tests start (tests/server/globalSetup.ts).
        test: { name: 'server', environment: 'node', pool: 'forks', include: ['tests/server/**/*.test.ts'], globalSetup: ['tests/server/globalSetup.ts'] },
      },
    ],
    // Vitest's default on two cores is one worker (cores - 1): the files then ran one after another
    // (11 min). The server tests mostly wait on the processes they start, so three overlap well.
    maxWorkers: 3,
    // Bounds against a hang, never speed checks (nothing here measures time): with a CPU hog beside
    // the suite the longest test took 60 s and a hook starting a backend over 30 s, and a machine
    // twice as slow must pass too. A test's own limit only ever raises this.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    restoreMocks: true,
  },
});
