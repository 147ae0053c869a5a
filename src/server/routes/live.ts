/**
 * Going live (CONTRACT.md "Going live"): an event's destinations, its broadcast's status and
 * recordings (its moderators only), and the public watch page's state and HLS (no sign-in).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createReadStream, existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { lookupToken, requireModerator, requireProducer } from '../auth';
import { channelOfEvent } from '../channels';
import type { Ctx } from '../context';
import { BROADCAST_ENDED, notFound, unauthorized } from '../errors';
import { findEvent } from '../events';
import { STUDIO_BASE } from '../studio';
import { addDestination, changeDestination, deleteDestination, listDestinations } from '../live/destinations';
import { latestJob, type JobRow } from '../live/jobs';
import { deleteRecording, RECORDING_FILE, recordingDir, recordingOf, listRecordings } from '../live/recordings';
import { recommendedQuality } from '../live/rules';
import { STUDIO_API } from './channel';
import { jobShapes } from '../live/manager';
import { LANDSCAPE, PORTRAIT, type FrameShape } from '../../../compositor/model/frame';

type EventParams = { Params: { eventId: string } };
type ItemParams = { Params: { eventId: string; id: string } };
/** Only the playlist and its segments are served from the HLS folder. */
const HLS_FILE = /^(index\.m3u8|seg-[\w-]+\.ts)$/;
/** The watch page's playlist folder per program (issue 34). */
const HLS_FOLDERS: Record<FrameShape, string> = { '16:9': 'hls', '9:16': 'hls-vertical' };

export function liveRoutes(app: FastifyInstance, ctx: Ctx): void {
  const { db, live } = ctx;
  /** The event's moderator (403 otherwise), by the usual producer token. */
  const moderator = async (req: FastifyRequest<EventParams>) => {
    const me = await requireProducer(db, req);
    await requireModerator(db, me, req.params.eventId);
  };
  const base = `${STUDIO_API}/live/:eventId`;

  app.get<EventParams>(base, async (req) => {
    await moderator(req);
    const event = await findEvent(db, 'id', req.params.eventId);
    if (!event) throw notFound('No such event');
    const channel = await channelOfEvent(db, event.id);
    const cores = availableParallelism();
    return {
      watchPath: `${STUDIO_BASE}watch/${encodeURIComponent(event.sharing_url)}`,
      recommendedQuality: recommendedQuality(cores),
      recommendedQualityBothShapes: recommendedQuality(cores, 2),
      cores,
      status: channel ? await live.status(channel.uuid) : { job: null },
    };
  });

  app.get<EventParams>(`${base}/destinations`, async (req) => {
    await moderator(req);
    return listDestinations(db, req.params.eventId);
  });
  app.post<EventParams>(`${base}/destinations`, async (req) => {
    await moderator(req);
    const added = await db.transaction((tx) => addDestination(tx, ctx, req.params.eventId, req.body));
    await live.destinationChanged(req.params.eventId, added.id);
    return added;
  });
  app.patch<ItemParams>(`${base}/destinations/:id`, async (req) => {
    await moderator(req);
    const changed = await db.transaction((tx) => changeDestination(tx, ctx, req.params.eventId, req.params.id, req.body));
    await live.destinationChanged(req.params.eventId, changed.id);
    return changed;
  });
  app.delete<ItemParams>(`${base}/destinations/:id`, async (req) => {
    await moderator(req);
    await db.transaction((tx) => deleteDestination(tx, req.params.eventId, req.params.id));
    await live.destinationChanged(req.params.eventId, req.params.id);
    return {};
  });
  app.post<ItemParams>(`${base}/destinations/:id/retry`, async (req) => {
    await moderator(req);
    await live.retry(req.params.eventId, req.params.id);
    return {};
  });

  app.get<EventParams>(`${base}/recordings`, async (req) => {
    await moderator(req);
    return listRecordings(db, req.params.eventId);
  });
  app.delete<ItemParams>(`${base}/recordings/:id`, async (req) => {
    await moderator(req);
    await deleteRecording(db, live.recordingsDir, req.params.eventId, req.params.id);
    return {};
  });
  // A download is a plain link too: the token may come as ?access_token= (the request log keeps no query).
  app.get<ItemParams & { Querystring: { access_token?: string } }>(`${base}/recordings/:id/download`, async (req, reply) => {
    if (req.query.access_token !== undefined) {
      const owner = await lookupToken(db, req.query.access_token);
      if (!owner || owner.kind !== 'user') throw unauthorized();
      await requireModerator(db, owner.userId, req.params.eventId);
    } else await moderator(req);
    const recording = await recordingOf(db, req.params.eventId, req.params.id);
    const file = join(recordingDir(live.recordingsDir, recording.id), RECORDING_FILE);
    if (recording.state !== 'ready' || !existsSync(file)) throw notFound('This recording is not ready to download');
    const day = new Date(recording.startedAt).toISOString().slice(0, 16).replace(/[T:]/g, '-');
    const vertical = recording.shape === PORTRAIT ? '-vertical' : '';
    return reply
      .header('Content-Type', 'video/mp4')
      .header('Content-Disposition', `attachment; filename="recording-${day}${vertical}.mp4"`)
      .header('Cache-Control', 'private, no-store')
      .send(createReadStream(file));
  });

  /** The event's latest broadcast (null: never live). */
  const latestOf = async (eventId: string) => {
    const channel = await channelOfEvent(db, eventId);
    return channel ? latestJob(db, channel.uuid) : null;
  };
  const ended = (job: JobRow) => job.state === 'stopped' || job.state === 'failed';

  /** The watch page's state: not live yet, live (with its HLS), or ended. */
  app.get<{ Params: { sharingUrl: string } }>(`${STUDIO_API}/watch/:sharingUrl`, async (req, reply) => {
    const event = await findEvent(db, 'sharing_url', req.params.sharingUrl);
    if (!event) throw notFound('No such event');
    const job = await latestOf(event.id);
    const playing = (shape: FrameShape) => !!job && job.state === 'live' && jobShapes(job).includes(shape) && existsSync(join(live.hlsDir(event.id, shape), 'index.m3u8'));
    const state = !job ? 'not-live' : ended(job) ? 'ended' : playing(LANDSCAPE) ? 'live' : 'not-live';
    const playlist = (folder: string) => `${STUDIO_API}/watch/${encodeURIComponent(event.sharing_url)}/${folder}/index.m3u8`;
    reply.header('Cache-Control', 'no-store');
    return {
      title: event.title,
      state,
      hls: state === 'live' ? playlist(HLS_FOLDERS[LANDSCAPE]) : null,
      verticalHls: state === 'live' && playing(PORTRAIT) ? playlist(HLS_FOLDERS[PORTRAIT]) : null,
    };
  });
  // Served only while the broadcast's job runs: END STREAM ends the public stream at once (410), whatever is left on disk.
  app.get<{ Params: { sharingUrl: string; folder: string; file: string } }>(`${STUDIO_API}/watch/:sharingUrl/:folder/:file`, async (req, reply) => {
    const shape = (Object.keys(HLS_FOLDERS) as FrameShape[]).find((s) => HLS_FOLDERS[s] === req.params.folder);
    const event = await findEvent(db, 'sharing_url', req.params.sharingUrl);
    if (!event || !shape || !HLS_FILE.test(req.params.file)) throw notFound('No such file');
    const job = await latestOf(event.id);
    if (!job) throw notFound('This event is not live');
    if (ended(job)) throw BROADCAST_ENDED();
    const file = join(live.hlsDir(event.id, shape), req.params.file);
    if (!existsSync(file)) throw notFound('No such file');
    const playlist = req.params.file.endsWith('.m3u8');
    return reply
      .header('Content-Type', playlist ? 'application/vnd.apple.mpegurl' : 'video/mp2t')
      .header('Cache-Control', playlist ? 'no-cache' : 'public, max-age=60')
      .send(createReadStream(file));
  });
}
