/**
 * Assets `{assetApi}` = /api/v1/ (user token) and the file store `/files/{key}` (CONTRACT.md).
 * A video asset is PROCESSING until VIDEO_PROCESSING_MS after it was registered, then READY.
 */
import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { requireModerator, requireUser } from '../auth';
import type { Ctx } from '../context';
import type { Queryable } from '../db/adapter';
import { badRequest, forbidden, HttpError, notFound } from '../errors';
import { getEvent } from '../events';
import { filePath, findUpload, readMediaType, receiveFile, reserveUpload, storedFile, TAGS, TYPE_MAX } from '../uploads';

const DAM = '/api/v1/dam';
export const VIDEO_PROCESSING_MS = 5000;
const TITLE_MAX = 200;

interface AssetRow {
  id: string;
  owner_type: string;
  owner_id: string;
  type: string;
  tag: string;
  title: string;
  asset_key: string;
  thumbnail_key: string;
  created_at: number;
  ready_at: number;
}

/** A file's absolute URL, on the request's checked origin (origins.ts). */
export const fileUrl = (req: FastifyRequest, key: string) => (key ? `${req.publicOrigin}/files/${key}` : '');

async function thumbnailUrl(db: Queryable, req: FastifyRequest, key: string): Promise<string> {
  if (!key) return '';
  const row = await findUpload(db, key);
  return row?.size !== null && row?.size !== undefined ? fileUrl(req, key) : '';
}

async function toAsset(db: Queryable, req: FastifyRequest, r: AssetRow) {
  const status = r.ready_at <= Date.now() ? 'READY' : 'PROCESSING';
  return {
    id: r.id,
    title: r.title,
    tag: r.tag,
    type: r.type,
    assetKey: r.asset_key,
    thumbnailKey: r.thumbnail_key,
    createdDate: r.created_at,
    status,
    assetDownloadUrl: fileUrl(req, r.asset_key),
    assetThumbnailUrl: (await thumbnailUrl(db, req, r.thumbnail_key)) || (r.type === 'image' ? fileUrl(req, r.asset_key) : ''),
  };
}

function readTitle(v: unknown): string {
  if (typeof v !== 'string' || !v.trim()) throw badRequest('title is required');
  return v.trim().slice(0, TITLE_MAX);
}

export function assetRoutes(app: FastifyInstance, { db, filesDir }: Ctx): void {
  const self = async (req: FastifyRequest<{ Params: { id: string } }>) => {
    const me = await requireUser(db, req);
    if (me !== req.params.id) throw forbidden('Another user’s assets');
    return me;
  };

  app.get<{ Params: { owner: string; ownerId: string } }>(`${DAM}/:owner/:ownerId/assets`, async (req) => {
    const me = await requireUser(db, req);
    let ownerId = req.params.ownerId;
    if (req.params.owner === 'event') {
      await requireModerator(db, me, ownerId);
      ownerId = (await getEvent(db, ownerId)).organizer_id; // §6: the organizer's assets, through the event
    } else if (req.params.owner !== 'user') throw notFound('Owner must be user or event');
    else if (ownerId !== me) throw forbidden('Another user’s assets');
    const rows = await db.query<AssetRow>("SELECT * FROM assets WHERE owner_type = 'user' AND owner_id = $1 ORDER BY created_at DESC, id", [ownerId]);
    return { assets: await Promise.all(rows.map((r) => toAsset(db, req, r))) };
  });

  app.post<{ Params: { id: string } }>(`${DAM}/user/:id/uploadUrl`, async (req) => {
    const me = await self(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const type = readMediaType(body.type);
    const tag = typeof body.tag === 'string' ? TAGS[body.tag] : undefined;
    if (tag && tag.type !== type) throw badRequest(`${String(body.tag)} takes a ${tag.type}`);
    const { assetKey, thumbnailKey } = await db.transaction(async (tx) => ({
      assetKey: await reserveUpload(tx, me, type, tag?.maxBytes ?? TYPE_MAX[type]),
      thumbnailKey: await reserveUpload(tx, me, 'image', TYPE_MAX.image),
    }));
    return { assetUrl: fileUrl(req, assetKey), assetKey, thumbnailKey };
  });

  app.post<{ Params: { id: string } }>(`${DAM}/user/:id/assets`, async (req) => {
    const me = await self(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const type = readMediaType(body.type);
    const tag = typeof body.tag === 'string' ? TAGS[body.tag] : undefined;
    if (!tag) throw badRequest(`tag must be one of ${Object.keys(TAGS).join(', ')}`);
    if (tag.type !== type) throw badRequest(`${String(body.tag)} takes a ${tag.type}`);
    const title = readTitle(body.title);
    const upload = await storedFile(db, typeof body.assetKey === 'string' ? body.assetKey : '').catch(() => {
      throw badRequest('assetKey names no uploaded file');
    });
    if (upload.user_id !== me) throw forbidden('Another user’s upload');
    if (upload.type !== type) throw badRequest(`The uploaded file is not a ${type}`);
    if (upload.size > tag.maxBytes) throw new HttpError(413, `The file is larger than the limit of ${Math.round(tag.maxBytes / (1024 * 1024))}MB for ${String(body.tag)}`);
    const thumbnailKey = typeof body.thumbnailKey === 'string' ? body.thumbnailKey : '';
    const now = Date.now();
    const row: AssetRow = {
      id: randomUUID(),
      owner_type: 'user',
      owner_id: me,
      type,
      tag: body.tag as string,
      title,
      asset_key: upload.asset_key,
      thumbnail_key: thumbnailKey,
      created_at: now,
      ready_at: type === 'video' ? now + VIDEO_PROCESSING_MS : now,
    };
    await db.transaction((tx) =>
      tx.query('INSERT INTO assets (id, owner_type, owner_id, type, tag, title, asset_key, thumbnail_key, created_at, ready_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)', [
        row.id,
        row.owner_type,
        row.owner_id,
        row.type,
        row.tag,
        row.title,
        row.asset_key,
        row.thumbnail_key,
        row.created_at,
        row.ready_at,
      ]),
    );
    return toAsset(db, req, row);
  });

  app.put<{ Params: { id: string; assetId: string } }>(`${DAM}/user/:id/assets/:assetId`, async (req) => {
    const me = await self(req);
    const title = readTitle(((req.body ?? {}) as Record<string, unknown>).title);
    const rows = await db.transaction((tx) => tx.query<AssetRow>("UPDATE assets SET title = $3 WHERE id = $1 AND owner_type = 'user' AND owner_id = $2 RETURNING *", [req.params.assetId, me, title]));
    if (!rows[0]) throw notFound('No such asset');
    return toAsset(db, req, rows[0]);
  });

  app.delete<{ Params: { id: string; assetId: string } }>(`${DAM}/user/:id/assets/:assetId`, async (req) => {
    const me = await self(req);
    const rows = await db.transaction((tx) => tx.query<AssetRow>("DELETE FROM assets WHERE id = $1 AND owner_type = 'user' AND owner_id = $2 RETURNING *", [req.params.assetId, me]));
    if (!rows[0]) throw notFound('No such asset');
    return {};
  });

  app.get<{ Querystring: { id?: string } }>(`${DAM}/assets`, async (req) => {
    const me = await requireUser(db, req);
    const row = (await db.query<AssetRow>('SELECT * FROM assets WHERE id = $1', [req.query.id ?? '']))[0];
    if (!row) throw notFound('No such asset');
    if (row.owner_id !== me) {
      const shared = await db.query('SELECT 1 FROM events e JOIN event_moderators m ON m.event_id = e.id WHERE e.organizer_id = $1 AND m.user_id = $2 LIMIT 1', [row.owner_id, me]);
      if (!shared.length) throw forbidden('Another user’s asset');
    }
    const asset = await toAsset(db, req, row);
    return { assetDownloadUrl: asset.assetDownloadUrl, assetThumbnailUrl: asset.assetThumbnailUrl, status: asset.status };
  });

  // The file store: PUT is the upload address (the key is the secret, like a presigned URL); a key
  // takes one upload. GET serves the bytes with their sniffed type.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    scope.put<{ Params: { key: string } }>('/files/:key', async (req, reply) => {
      const upload = await findUpload(db, req.params.key);
      if (!upload) throw notFound('No upload was requested for this key');
      if (upload.size !== null) throw badRequest('This key already has its file');
      const length = req.headers['content-length'] === undefined ? null : Number(req.headers['content-length']);
      reply.header('Connection', 'close');
      const { size } = await receiveFile(db, filesDir, upload, Number.isFinite(length) ? length : null, req.raw);
      reply.header('Connection', 'keep-alive');
      return { assetKey: upload.asset_key, size };
    });
  });

  app.get<{ Params: { key: string } }>('/files/:key', async (req, reply) => {
    const file = await storedFile(db, req.params.key);
    reply.header('Content-Type', file.mime).header('Content-Length', String(file.size)).header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'private, max-age=86400');
    return reply.send(createReadStream(filePath(filesDir, file.asset_key)));
  });
}

