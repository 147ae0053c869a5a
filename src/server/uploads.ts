/**
 * Uploaded files (SPEC §9 Upload limits, RELIABILITY-NOTES §2.4): a key is handed out first
 * (uploadUrl / CMS upload form) with its size limit; `PUT /files/{key}` streams the bytes to a
 * temporary file, refusing past the limit (a Content-Length over it is refused before reading),
 * checks the first bytes against the allow-list (PNG, JPEG; MP4, MOV, WebM, Ogg), then renames the
 * file into place and records it. Files are served with their sniffed type and `nosniff`.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { BACKGROUND_VIDEO_UPLOAD_MAX_BYTES, FOREGROUND_VIDEO_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_MAX_BYTES, LOGO_UPLOAD_MAX_BYTES } from '../lib/limits';
import { sniffFormat, SIGNATURE_BYTES, type UploadFormat } from '../lib/uploadRules';
import type { Queryable } from './db/adapter';
import { badRequest, HttpError, notFound } from './errors';

export type MediaType = 'image' | 'video';

/** §3 Asset tags → media type and §9 size limit. */
export const TAGS: Record<string, { type: MediaType; maxBytes: number }> = {
  STUDIO_LOGO: { type: 'image', maxBytes: LOGO_UPLOAD_MAX_BYTES },
  STUDIO_IMAGE: { type: 'image', maxBytes: IMAGE_UPLOAD_MAX_BYTES },
  STUDIO_BACKGROUND_IMAGE: { type: 'image', maxBytes: IMAGE_UPLOAD_MAX_BYTES },
  STUDIO_BACKGROUND_VIDEO: { type: 'video', maxBytes: BACKGROUND_VIDEO_UPLOAD_MAX_BYTES },
  STUDIO_VIDEO: { type: 'video', maxBytes: FOREGROUND_VIDEO_UPLOAD_MAX_BYTES },
};
/** Without a tag, the largest limit of the media type. */
export const TYPE_MAX: Record<MediaType, number> = { image: IMAGE_UPLOAD_MAX_BYTES, video: FOREGROUND_VIDEO_UPLOAD_MAX_BYTES };

const MIME: Record<UploadFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm', ogv: 'video/ogg' };
const MEDIA: Record<UploadFormat, MediaType> = { png: 'image', jpeg: 'image', mp4: 'video', mov: 'video', webm: 'video', ogv: 'video' };
const KEY = /^[A-Za-z0-9-]{1,100}$/;

export interface UploadRow {
  asset_key: string;
  user_id: string;
  type: MediaType;
  max_bytes: number;
  size: number | null;
  mime: string | null;
}

export async function reserveUpload(db: Queryable, userId: string, type: MediaType, maxBytes: number): Promise<string> {
  const key = `${userId}-${randomUUID()}`.replace(/[^A-Za-z0-9-]/g, '');
  await db.query('INSERT INTO uploads (asset_key, user_id, type, max_bytes, created_at) VALUES ($1, $2, $3, $4, $5)', [key, userId, type, maxBytes, Date.now()]);
  return key;
}

export async function findUpload(db: Queryable, key: string): Promise<UploadRow | null> {
  if (!KEY.test(key)) return null;
  return (await db.query<UploadRow>('SELECT asset_key, user_id, type, max_bytes, size, mime FROM uploads WHERE asset_key = $1', [key]))[0] ?? null;
}

export const filePath = (filesDir: string, key: string) => join(filesDir, key);

const tooLarge = (max: number) => new HttpError(413, `The file is larger than the limit of ${Math.round(max / (1024 * 1024))}MB`);

/** Streams `body` into the key's file; resolves to its size and MIME type. */
export async function receiveFile(db: Queryable, filesDir: string, upload: UploadRow, contentLength: number | null, body: NodeJS.ReadableStream): Promise<{ size: number; mime: string }> {
  if (contentLength !== null && contentLength > upload.max_bytes) throw tooLarge(upload.max_bytes);
  await mkdir(filesDir, { recursive: true, mode: 0o700 });
  const target = filePath(filesDir, upload.asset_key);
  const temp = `${target}.${randomUUID()}.part`;
  let size = 0;
  let head = Buffer.alloc(0);
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (head.length < SIGNATURE_BYTES) head = Buffer.concat([head, chunk.subarray(0, SIGNATURE_BYTES - head.length)]);
      if (size > upload.max_bytes) done(tooLarge(upload.max_bytes));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(body, counter, createWriteStream(temp, { mode: 0o600 }));
    const format = sniffFormat(new Uint8Array(head));
    if (!format) throw new HttpError(415, 'The file is not a PNG or JPEG image, nor an MP4, MOV, WebM or Ogg video');
    if (MEDIA[format] !== upload.type) throw new HttpError(415, `The file is not ${upload.type === 'image' ? 'an image' : 'a video'}`);
    const handle = await open(temp, 'r+');
    await handle.sync();
    await handle.close();
    await rename(temp, target);
    const mime = MIME[format];
    await db.query('UPDATE uploads SET size = $2, mime = $3 WHERE asset_key = $1', [upload.asset_key, size, mime]);
    return { size, mime };
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** A stored file's upload row, or 404 when nothing was uploaded under the key. */
export async function storedFile(db: Queryable, key: string): Promise<UploadRow & { size: number; mime: string }> {
  const row = await findUpload(db, key);
  if (!row || row.size === null || row.mime === null) throw notFound('No such file');
  return row as UploadRow & { size: number; mime: string };
}

export function readMediaType(v: unknown): MediaType {
  if (v !== 'image' && v !== 'video') throw badRequest("type must be 'image' or 'video'");
  return v;
}
