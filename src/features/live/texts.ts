/** Texts of going live in backend mode (issue 23): destinations, recordings, output health, the quality hint. SPEC quotes none of them (§8's destination error is in lib/texts). */
import type { BroadcastQuality } from '../../state/settingsStore';
import { DESTINATION_NAME_MAX, DESTINATIONS_MAX, FPS_ALARM_BELOW, SERVER_URL_MAX, STREAM_KEY_MAX, KEY_SHOWN_CHARS } from '../../state/live/limits';
import type { DraftProblem } from '../../state/live/rules';
import type { OutputState, RecordingState } from '../../state/live/types';
import type { FrameShape } from '../../../compositor/model/frame';

export const LIVE_TEXTS = {
  destinationsButton: 'Destinations',
  destinationsTip: 'Where the broadcast goes: video sites and social networks, the watch page and the recordings',
  dialogTitle: 'Destinations and recordings',
  close: 'Close',
  tabsLabel: 'Broadcast outputs',
  tabDestinations: 'Destinations',
  tabRecordings: 'Recordings',
  loading: 'Loading…',

  watchHeading: 'Watch page',
  watchHint: 'Anyone with this link can watch while you are live, without signing in.',
  copyWatchLink: 'Copy watch link',
  copied: 'Copied',

  destinationsLabel: 'Destinations of this event',
  noDestinations: 'No destinations yet. Add one below to stream to a video site or social network as well.',
  streamTo: (name: string) => `Stream to ${name}`,
  keyLabel: 'Stream key',
  keyMasked: (last4: string) => `••••${last4}`,
  keyEnding: (last4: string) => `ending in ${last4}`,
  deleteDestination: (name: string) => `Delete ${name}`,
  confirmDeleteDestination: 'Delete this destination?',
  confirmDeleteDestinationBody: 'Its stream key is forgotten. A running broadcast stops streaming there.',
  delete: 'DELETE',
  retryDestination: (name: string) => `Try ${name} again`,
  tryAgain: 'Try again',
  vertical: 'Vertical',
  verticalBadgeTip: 'Receives the vertical (9:16) program',
  shape: 'Shape',
  shapes: { '16:9': 'Landscape (16:9)', '9:16': 'Vertical (9:16)' } satisfies Record<FrameShape, string>,
  shapeHint: 'Vertical: for YouTube Shorts, TikTok, Instagram or Twitch’s vertical video. While a vertical destination is switched on, the broadcast also renders the vertical program.',

  addHeading: 'Add destination',
  name: 'Name',
  namePlaceholder: 'YouTube, Facebook, Twitch…',
  serverUrl: 'Server URL',
  serverUrlPlaceholder: 'rtmp://a.rtmp.youtube.com/live2',
  streamKey: 'Stream key',
  streamKeyHint: `Kept on the server: only its last ${KEY_SHOWN_CHARS} characters are shown again.`,
  save: 'Save',
  saving: 'Saving…',
  added: (name: string) => `${name} was added.`,
  problems: {
    empty: 'Fill in the name, the server URL and the stream key.',
    urlCharacters: 'The server URL cannot hold spaces or control characters.',
    keyCharacters: 'The stream key cannot hold spaces, control characters, / ? or #.',
    scheme: 'The server URL must start with rtmp:// or rtmps://.',
    limit: `An event has at most ${DESTINATIONS_MAX} destinations.`,
    nameLong: `The name is at most ${DESTINATION_NAME_MAX} characters.`,
    urlLong: `The server URL is at most ${SERVER_URL_MAX} characters.`,
    keyLong: `The stream key is at most ${STREAM_KEY_MAX} characters.`,
    unavailable: 'Destinations need the studio’s server.',
  } satisfies Record<DraftProblem | 'unavailable', string>,

  outputStates: { connecting: 'Connecting', live: 'Live', retrying: 'Retrying', failed: 'Failed', stopped: 'Stopped' } satisfies Record<OutputState, string>,
  retryIn: (seconds: number) => `next try in ${seconds} s`,
  fps: (fps: number) => `${Math.round(fps)} fps`,
  dropped: (n: number) => `${n} dropped ${n === 1 ? 'frame' : 'frames'}`,
  healthLabel: 'Outputs of the broadcast',
  fpsAlarm: `The program video has stalled (under ${FPS_ALARM_BELOW} fps)`,

  recordingsLabel: 'Recordings of this event',
  noRecordings: 'No recordings yet. Each broadcast is recorded while it is live.',
  columns: { date: 'Date', duration: 'Duration', size: 'Size', state: 'State', actions: 'Actions' },
  unknown: '—',
  recordingStates: { recording: 'Recording', finalizing: 'Finalizing', ready: 'Ready', failed: 'Failed' } satisfies Record<RecordingState, string>,
  download: 'Download',
  downloadOf: (date: string) => `Download the recording of ${date}`,
  downloading: (percent: number | null) => (percent === null ? 'Downloading…' : `Downloading ${percent}%`),
  deleteRecording: (date: string) => `Delete the recording of ${date}`,
  confirmDeleteRecording: 'Delete this recording?',
  confirmDeleteRecordingBody: 'The file is removed from the server for good.',

  recTip: 'Recording: open the recordings',
  recIdleTip: 'Each broadcast is recorded while it is live: open the recordings',
} as const;

/** How much more CPU than the recommended quality each quality costs, as the hint says it (pixels per frame, rounded). */
const COST_NOTE: Record<BroadcastQuality, string> = {
  '1080p': '',
  '720p': ': 1080p costs about twice the CPU per live channel',
  '560p': ': 720p costs about twice and 1080p about four times the CPU per live channel',
};

/** Settings › Broadcast quality, backend mode: what this server can afford, for the 16:9 program alone and with the vertical one (issue 34). */
export const qualityHint = (recommended: BroadcastQuality, cores: number, bothShapes: BroadcastQuality) =>
  `${recommended} is recommended on this server (${cores} ${cores === 1 ? 'core' : 'cores'})${COST_NOTE[recommended]}. ` +
  `With a vertical destination switched on, the broadcast renders a vertical program too: ${bothShapes} then.`;

/** GO LIVE's question before the countdown (issue 33): the quality is above what this server carries. */
export const QUALITY_QUESTION = {
  title: (chosen: BroadcastQuality) => `This server cannot stream ${chosen} smoothly`,
  body: (q: { chosen: BroadcastQuality; recommended: BroadcastQuality; cores: number; bothShapes: boolean }) =>
    `This server has ${q.cores} ${q.cores === 1 ? 'core' : 'cores'}: it carries ${q.recommended}${q.bothShapes ? ' with the vertical program beside the 16:9 one (a vertical destination is switched on)' : ''}. At ${q.chosen} every destination would get a stalled video of a few frames per second.`,
  recommended: (q: BroadcastQuality) => `Stream at ${q} (recommended)`,
  anyway: (q: BroadcastQuality) => `Go live at ${q} anyway`,
} as const;
