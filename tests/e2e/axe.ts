/**
 * axe-core in the page under test. Its source is evaluated through the DevTools protocol (an inline
 * <script> would be refused by our CSP, and the test must not loosen it). Only serious and critical
 * findings fail; 'label-content-name-mismatch' (a control's accessible name must contain its visible
 * label, WCAG 2.5.3) is experimental in axe and switched on here because voice-control users depend on it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Finding {
  state: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/** Runs axe over the whole document and returns the serious and critical findings, labelled by state. */
export async function seriousFindings(page: Page, state: string): Promise<Finding[]> {
  // A dialog still fading in has half its colours: axe would measure the contrast mid-animation
  // (a loaded machine draws the fade slower). Check what the user reads once it has settled.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
  // Loaded once per document (half a megabyte to parse each time on a software-rendered machine).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[]; failureSummary: string }[] }[] }> } }).axe;
    const r = await axe.run(document, { rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] });
    return r.violations.flatMap((v) => v.nodes.map((n) => ({ rule: v.id, impact: v.impact, target: n.target.join(' '), summary: n.failureSummary })));
  });
  return results.filter((f) => f.impact === 'serious' || f.impact === 'critical').map((f) => ({ state, ...f }));
}
