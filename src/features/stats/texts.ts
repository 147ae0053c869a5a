/** Texts of the Stats panel and the frame-budget HUD (issue 33). SPEC quotes none of them. */
import { FRAME_BUDGET_30_MS, FRAME_BUDGET_60_MS } from '../../../compositor/model/constants';

const ms = (v: number) => v.toFixed(1);

export const STATS_TEXTS = {
  title: 'Stats',
  button: 'Stats',
  tip: (keys: string) => `Stats: this tab's frame times and, while live, the broadcast's health (${keys})`,
  close: 'Close Stats',
  compositorHeading: "This tab's compositor",
  compositorWindow: 'last 10 s',
  budgets: `Budgets ${ms(FRAME_BUDGET_60_MS)} ms (60 fps) and ${ms(FRAME_BUDGET_30_MS)} ms (30 fps)`,
  notDrawing: 'The stage is not drawing yet.',
  liveHeading: 'Broadcast',
  noBroadcastDemo: 'There is no broadcast in the demo: its figures show here while a studio with its server is live.',
  notLive: 'Not live. The capture, the encoder and each output show here while live.',
  notReported: 'not reported',
  cpu: (cores: number, budget: number | null) => `${cores.toFixed(2)} cores${budget === null ? '' : ` of a ${budget}-core budget`}`,
  outputsCaption: 'Outputs',
  output: 'Output',
  warningsLabel: 'Warnings',
  noWarnings: 'No warnings.',
  hudLabel: 'Frame-budget HUD',
} as const;
