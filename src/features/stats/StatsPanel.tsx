/**
 * The Stats panel (issue 33): a non-modal region beside the stage, opened by the toolbar's Stats
 * button, Shift+D, or an output's health chip (at that output). This tab's compositor over the last
 * 10 s against the frame budgets; while live (backend mode) the broadcast from live.status (no polling
 * of its own); a warning line naming the threshold that raised each warning. Every figure carries its
 * metric name (data-metric), the one /metrics and the benchmarks' JSON use (src/lib/metricNames.ts).
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { AlertTriangle, X } from 'lucide-react';
import { COMPOSITOR_METRICS as C, LIVE_METRICS as L, type MetricName } from '../../lib/metricNames';
import { useScreenStore } from '../../state/screenStore';
import { useLiveStore } from '../../state/live/store';
import { usePeopleStore } from '../../state/people/peopleStore';
import { formatDuration, isJobActive } from '../../state/live/rules';
import { useQualityOverLimit } from '../../state/live/quality';
import { CAPTURE_RENDER_LAG_MS, statsWarnings, WORKER_CPU_WARN_SHARE } from '../../state/stats/warnings';
import { liveAvailable } from '../../services/live/attempt';
import { LIVE_TEXTS } from '../live/texts';
import { useCompositorFigures, type CompositorFigures } from './compositorFigures';
import { STATS_TEXTS as T } from './texts';
import './stats.css';

/** The panel re-reads this tab's frame window once a second. */
const PANEL_REFRESH_MS = 1000;

const fixed = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

function Figure({ metric, value, over }: { metric: MetricName; value: number | string | null; over?: boolean }) {
  const shown = value === null ? T.notReported : typeof value === 'number' ? fixed(value) : value;
  return (
    <div className={`stats-row${over ? ' over' : ''}`} data-metric={metric.name}>
      <dt>{metric.label}</dt>
      <dd>
        <span className="stats-value">{shown}</span>
        {value !== null && metric.unit && <span className="stats-unit"> {metric.unit}</span>}
      </dd>
    </div>
  );
}

function CompositorSection({ f }: { f: CompositorFigures | null }) {
  if (!f) return <p className="stats-empty">{T.notDrawing}</p>;
  return (
    <>
      <p className="stats-note">{T.budgets}</p>
      <dl className="stats-figures">
        <Figure metric={C.fps} value={f.fps} />
        <Figure metric={C.frames} value={f.framesTotal} />
        <Figure metric={C.frameMsP50} value={f.frameMs.p50} over={f.frameMs.p50 > 1000 / 60} />
        <Figure metric={C.frameMsP95} value={f.frameMs.p95} over={f.frameMs.p95 > 1000 / 60} />
        <Figure metric={C.frameMsMax} value={f.frameMs.max} over={f.frameMs.max > 1000 / 30} />
        <Figure metric={C.overBudget60} value={f.overBudget60} />
        <Figure metric={C.overBudget30} value={f.overBudget30} />
        <Figure metric={C.videoUploadsPerSec} value={f.videoUploadsPerSec} />
        <Figure metric={C.textRastersPerSec} value={f.textRastersPerSec} />
        <Figure metric={C.idleDraws} value={f.idleDraws} />
        <Figure metric={C.layers} value={f.layers} />
      </dl>
    </>
  );
}

function LiveSection({ focus }: { focus: string | null }) {
  const status = useLiveStore((s) => s.status);
  const cores = useLiveStore((s) => s.info?.cores ?? null);
  const attendees = usePeopleStore((s) => s.attendeeCount);
  const focused = useRef<HTMLTableRowElement>(null);
  // Braces: Chromium's scrollIntoView returns a promise now, which React would take for a cleanup.
  useEffect(() => {
    void focused.current?.scrollIntoView({ block: 'nearest' });
  }, [focus]);
  if (!liveAvailable()) return <p className="stats-empty" data-testid="stats-no-broadcast">{T.noBroadcastDemo}</p>;
  const job = isJobActive(status) ? status!.job! : null;
  if (!job) return <p className="stats-empty" data-testid="stats-no-broadcast">{T.notLive}</p>;
  const liveSec = job.startedAt === null ? null : Math.max(0, Math.floor((Date.now() - job.startedAt) / 1000));
  const capture = job.capture ?? null;
  const cpu = capture?.cpuCores ?? null;
  return (
    <>
      <dl className="stats-figures single">
        <Figure metric={L.captureFps} value={job.captureFps ?? null} />
        <Figure metric={{ ...L.liveSec, unit: '' }} value={liveSec === null ? null : formatDuration(liveSec)} />
        <Figure metric={L.attendeeCount} value={attendees} />
        <Figure metric={L.renderMs} value={capture?.renderMs ?? null} over={capture?.renderMs != null && capture.renderMs > CAPTURE_RENDER_LAG_MS} />
        <Figure metric={L.droppedBeforeEncoding} value={capture?.droppedBeforeEncoding ?? null} />
        <Figure metric={L.encoderKbps} value={capture?.encoderKbps ?? null} />
        <Figure metric={{ ...L.cpuCores, unit: '' }} value={cpu === null ? null : T.cpu(cpu, cores)} over={cpu !== null && cores !== null && cpu > cores * WORKER_CPU_WARN_SHARE} />
        {job.vertical && (
          <>
            <Figure metric={L.verticalFps} value={job.vertical.fps} />
            <Figure metric={L.verticalRenderMs} value={job.vertical.renderMs} over={job.vertical.renderMs != null && job.vertical.renderMs > CAPTURE_RENDER_LAG_MS} />
            <Figure metric={L.verticalDropped} value={job.vertical.droppedBeforeEncoding} />
            <Figure metric={L.verticalEncoderKbps} value={job.vertical.encoderKbps} />
          </>
        )}
      </dl>
      <table className="stats-outputs" data-testid="stats-outputs">
        <caption>{T.outputsCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{T.output}</th>
            {[L.state, L.bitrateKbps, L.outputFps, L.droppedFrames, L.reconnects].map((m) => (
              <th key={m.name} scope="col" data-metric={m.name}>
                {m.label}
                {m.unit && <span className="stats-unit"> ({m.unit})</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {job.outputs.map((o) => (
            <tr key={o.id} ref={o.id === focus ? focused : undefined} data-output={o.id} aria-current={o.id === focus ? 'true' : undefined} className={o.id === focus ? 'focused' : undefined}>
              <th scope="row">{o.name}</th>
              <td data-metric={L.state.name}>{LIVE_TEXTS.outputStates[o.state]}</td>
              <td data-metric={L.bitrateKbps.name}>{o.bitrateKbps === null ? '–' : Math.round(o.bitrateKbps)}</td>
              <td data-metric={L.outputFps.name}>{o.fps === null ? '–' : fixed(o.fps)}</td>
              <td data-metric={L.droppedFrames.name}>{o.droppedFrames}</td>
              <td data-metric={L.reconnects.name}>{o.reconnects ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function StatsPanel() {
  const open = useScreenStore((s) => s.statsOpen);
  const focus = useScreenStore((s) => s.statsFocus);
  const status = useLiveStore((s) => s.status);
  const panel = useRef<HTMLElement>(null);
  const figures = useCompositorFigures('preview', PANEL_REFRESH_MS);
  const over = useQualityOverLimit();
  const cores = useLiveStore((s) => s.info?.cores ?? null);
  // Keyboard users land in the panel when it opens (it is not modal: Tab leaves it as from anywhere).
  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open, focus]);
  if (!open) return null;
  const warnings = statsWarnings(figures, isJobActive(status) ? status!.job : null, { cores, over });
  const close = () => {
    useScreenStore.getState().closeStats();
    document.querySelector<HTMLElement>('[data-testid="stats-button"]')?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      close();
    }
  };
  return (
    <section ref={panel} className="stats-panel" role="region" aria-labelledby="stats-title" data-testid="stats-panel" tabIndex={-1} onKeyDown={onKeyDown}>
      <header className="stats-header">
        <h2 id="stats-title">{T.title}</h2>
        <button type="button" className="icon-button" aria-label={T.close} onClick={close}>
          <X size={16} aria-hidden />
        </button>
      </header>
      <div className={`stats-warnings${warnings.length ? ' raised' : ''}`} data-testid="stats-warnings" aria-label={T.warningsLabel} role="group">
        {warnings.length === 0 ? (
          T.noWarnings
        ) : (
          warnings.map((w) => (
            <p key={w.text} data-warning={w.kind}>
              <AlertTriangle size={14} aria-hidden /> {w.text}
            </p>
          ))
        )}
      </div>
      <h3>
        {T.compositorHeading} <span className="stats-note">({T.compositorWindow})</span>
      </h3>
      <CompositorSection f={figures} />
      <h3>{T.liveHeading}</h3>
      <LiveSection focus={focus} />
    </section>
  );
}
