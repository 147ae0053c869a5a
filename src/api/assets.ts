/**
 * Asset management (§7 Assets) and CMS videos (§7 CMS), with the user's JWT (§6). An upload is
 * uploadUrl → PUT the file with progress → register; a video is PROCESSING until the service says
 * otherwise (polled every 5 s by the caller).
 */
import { createClient, done, json, mapFailure, type ApiError, type TokenSource } from './http';
import type { CmsVideo, WireAsset } from './types';

const enc = encodeURIComponent;

export function assetClient(base: string, userToken: TokenSource, fetchImpl?: typeof fetch) {
  const http = createClient({ base, token: userToken, fetch: fetchImpl });
  return {
    list: (owner: 'user' | 'event', ownerId: string) => json<{ assets: WireAsset[] }>(() => http.get(`dam/${owner}/${enc(ownerId)}/assets`)).then((a) => a.assets ?? []),
    uploadUrl: (userId: string, type: 'image' | 'video') =>
      json<{ assetUrl: string; assetKey: string; thumbnailKey: string }>(() => http.post(`dam/user/${enc(userId)}/uploadUrl`, { json: { type }, retry: 0 })),
    register: (userId: string, payload: { type: 'image' | 'video'; tag: string; assetKey: string; title: string; thumbnailKey?: string }) =>
      json<WireAsset>(() => http.post(`dam/user/${enc(userId)}/assets`, { json: payload, retry: 0 })),
    rename: (userId: string, assetId: string, title: string) => done(() => http.put(`dam/user/${enc(userId)}/assets/${enc(assetId)}`, { json: { title } })),
    delete: (userId: string, assetId: string) => done(() => http.delete(`dam/user/${enc(userId)}/assets/${enc(assetId)}`)),
    status: (assetId: string) =>
      json<{ assetDownloadUrl: string; assetThumbnailUrl: string; status: string }>(() => http.get('dam/assets', { searchParams: { id: assetId } })),
  };
}
export type AssetClient = ReturnType<typeof assetClient>;

/**
 * PUT the file to the presigned address with upload progress. XMLHttpRequest, because fetch reports
 * upload progress only as a streamed body, which browsers send over HTTP/2 alone.
 */
export function putWithProgress(url: string, file: Blob, onProgress: (percent: number) => void, token?: string | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let body: Partial<ApiError> = {};
      try {
        body = JSON.parse(xhr.responseText) as Partial<ApiError>;
      } catch {
        // not JSON
      }
      reject({ type: 'unknown', code: body.code ?? `HTTP_${xhr.status}`, message: body.message ?? `upload failed (${xhr.status})`, status: xhr.status } satisfies ApiError);
    };
    xhr.onerror = () => reject(null);
    xhr.send(file);
  });
}

export function cmsClient(base: string, userToken: TokenSource, fetchImpl?: typeof fetch) {
  const http = createClient({ base, token: userToken, fetch: fetchImpl });
  const token = () => userToken() ?? '';
  return {
    list: (userId: string) => json<CmsVideo[]>(() => http.get(`user/${enc(userId)}/cms/`, { searchParams: { contentCategory: 'VIDEO', access_token: token() } })),
    /** The upload form (method, filename, fileType): where to send the file, its form fields, and the contentUrl to register. */
    uploadForm: (userId: string, method: string, filename: string, fileType: string) =>
      json<{ uploadUrl: string; method?: string; fields: Record<string, string>; contentUrl?: string }>(() =>
        http.post(`user/${enc(userId)}/cms/get_upload_form`, { json: { method, filename, fileType }, retry: 0 }),
      ),
    /** §7: the answer is the new video's id (a number); anything else means the upload failed. */
    register: (userId: string, body: Record<string, unknown>) =>
      mapFailure(async () => {
        const id = (await http.post(`user/${enc(userId)}/cms/`, { searchParams: { access_token: token() }, json: body, retry: 0 }).json()) as unknown;
        if (typeof id !== 'number') throw { type: 'unknown', code: 'upload_failed', message: 'upload failed', status: 200 } satisfies ApiError;
        return id;
      }),
    delete: (userId: string, videoId: string | number) => done(() => http.delete(`${enc(userId)}/cms/${enc(String(videoId))}`, { searchParams: { access_token: token() } })),
  };
}
