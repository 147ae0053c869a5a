/**
 * CMS videos `{cms}` = /cms/ (§7, user token in the header or `?access_token=`: the only calls that take
 * a token in the query, as §7 sends it; the request log never shows queries).
 * Decided here: the upload form is `POST user/{id}/cms/get_upload_form` `{ method, filename, fileType }`
 * → `{ uploadUrl, method: 'PUT', fields: {}, contentUrl }`: the file is PUT raw to uploadUrl (the
 * backend's file store) instead of a multipart POST. Registering answers the new video id (a number).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../auth';
import type { Ctx } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { intParam } from '../params';
import { reserveUpload, TYPE_MAX } from '../uploads';
import { fileUrl } from './assets';

interface VideoRow {
  id: number;
  content_name: string;
  content_url: string;
  thumbnail: string;
  modified: number;
}

const toVideo = (r: VideoRow) => ({ id: r.id, contentName: r.content_name, contentUrl: r.content_url, contentProperties: { thumbnail: r.thumbnail }, modified: r.modified });
/** The largest id of a `serial` column (PostgreSQL integer). */
const SERIAL_MAX = 2 ** 31 - 1;
const str = (v: unknown, max = 500) => (typeof v === 'string' ? v.slice(0, max) : '');

export function cmsRoutes(app: FastifyInstance, { db }: Ctx): void {
  const self = async (req: FastifyRequest<{ Params: { id: string } }>) => {
    const me = await requireUser(db, req, { queryToken: true });
    if (me !== req.params.id) throw forbidden('Another user’s videos');
    return me;
  };

  app.get<{ Params: { id: string } }>('/cms/user/:id/cms', async (req) => {
    const me = await self(req);
    const rows = await db.query<VideoRow>('SELECT id, content_name, content_url, thumbnail, modified FROM cms_videos WHERE user_id = $1 ORDER BY modified DESC, id DESC', [me]);
    return rows.map(toVideo);
  });

  app.post<{ Params: { id: string } }>('/cms/user/:id/cms/get_upload_form', async (req) => {
    const me = await self(req);
    const key = await db.transaction((tx) => reserveUpload(tx, me, 'video', TYPE_MAX.video));
    const url = fileUrl(req, key);
    return { uploadUrl: url, method: 'PUT', fields: {}, contentUrl: url };
  });

  app.post<{ Params: { id: string } }>('/cms/user/:id/cms', async (req, reply) => {
    const me = await self(req);
    const b = (req.body ?? {}) as Record<string, unknown>;
    if (b.contentCategory !== 'VIDEO') throw badRequest('contentCategory must be VIDEO');
    const name = str(b.contentName, 200).trim();
    const url = str(b.contentUrl, 2000);
    if (!name || !url) throw badRequest('contentName and contentUrl are required');
    const size = b.contentSize === undefined ? 0 : b.contentSize;
    if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) throw badRequest('contentSize must be a whole number of bytes');
    const rows = await db.transaction((tx) =>
      tx.query<{ id: number }>(
        'INSERT INTO cms_videos (user_id, content_name, content_url, content_type, content_size, description, modified) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
        [me, name, url, str(b.contentType, 100), size, str(b.contentDescription), Date.now()],
      ),
    );
    // The answer is the bare id (a JSON number), as §7 reads it.
    return reply.type('application/json').send(JSON.stringify(rows[0]?.id ?? null));
  });

  const remove = async (req: FastifyRequest<{ Params: { id: string; videoId: string } }>) => {
    const me = await self(req);
    const rows = await db.transaction((tx) => tx.query('DELETE FROM cms_videos WHERE id = $1 AND user_id = $2 RETURNING id', [intParam(req.params.videoId, 'videoId', { min: 1, max: SERIAL_MAX, fallback: 0 }), me]));
    if (!rows.length) throw notFound('No such video');
    return {};
  };
  app.delete<{ Params: { id: string; videoId: string } }>('/cms/user/:id/cms/:videoId', remove);
  app.delete<{ Params: { id: string; videoId: string } }>('/cms/:id/cms/:videoId', remove);
}
