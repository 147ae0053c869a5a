/** §5 upload validation, §9 upload limits, §4 upload type; RELIABILITY-NOTES §2.4 (signatures). */
import { describe, expect, it, vi } from 'vitest';
import {
  BACKGROUND_VIDEO_UPLOAD_MAX_BYTES,
  BYTES_PER_MB,
  FOREGROUND_VIDEO_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_MAX_BYTES,
  LOGO_UPLOAD_MAX_BYTES,
} from '../../src/lib/limits';
import { UPLOAD_TEXTS } from '../../src/lib/texts';
import {
  acceptAttribute,
  acceptedExtensions,
  acceptedMimeTypes,
  maxUploadBytes,
  sniffFormat,
  supportedFormatsTexts,
  uploadMediaType,
  validateUpload,
  type UploadFile,
  type UploadFormat,
  type UploadKind,
  type UploadMediaType,
} from '../../src/lib/uploadRules';

// ---- fixtures: the first bytes of each format -------------------------------------------------------
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const pad = (bytes: number[]) => [...bytes, ...new Array<number>(Math.max(0, 32 - bytes.length)).fill(0)];
const BYTES = {
  png: pad([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, ...ascii('IHDR')]),
  jpeg: pad([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF')]),
  mp4: pad([0, 0, 0, 0x20, ...ascii('ftypisom'), 0, 0, 2, 0]),
  mov: pad([0, 0, 0, 0x14, ...ascii('ftypqt  '), 0x20, 0x05, 0x03, 0]),
  movLegacy: pad([0, 0, 0x12, 0x34, ...ascii('moov')]),
  webm: pad([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]),
  ogg: pad([...ascii('OggS'), 0, 2, 0, 0, 0, 0, 0, 0, 0, 0]),
  exe: pad([...ascii('MZ'), 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]),
  elf: pad([0x7f, ...ascii('ELF'), 2, 1, 1]),
  zip: pad([...ascii('PK'), 3, 4, 0x14, 0, 0, 0, 8, 0]),
  pdf: pad(ascii('%PDF-1.7\n%')),
  text: ascii('Hello, this is plain text.\n'),
  html: ascii('<html><body onload=alert(1)>x</body></html>'),
  random: pad([0x00, 0x01, 0x02, 0xfe, 0x80, 0x81]),
} satisfies Record<string, number[]>;

/** A jsdom File (which has no arrayBuffer(): the validator's FileReader fallback), with an optional claimed size. */
function file(name: string, bytes: number[], { type = '', size }: { type?: string; size?: number } = {}): File {
  const f = new File([new Uint8Array(bytes)], name, { type });
  if (size !== undefined) Object.defineProperty(f, 'size', { value: size });
  return f;
}
const MB = BYTES_PER_MB;

const ok = (mediaType: UploadMediaType, format: UploadFormat) => ({ ok: true, mediaType, format });
const reasonOf = async (kind: UploadKind, f: UploadFile) => {
  const v = await validateUpload(kind, f);
  return v.ok ? '(accepted)' : v.reason;
};

const FG_IMAGE = UPLOAD_TEXTS.foregroundImageFormats;
const FG_VIDEO = UPLOAD_TEXTS.foregroundVideoFormats;
const BG = `${UPLOAD_TEXTS.backgroundImageFormats} ${UPLOAD_TEXTS.backgroundVideoFormats}`;
const LOGO = `${UPLOAD_TEXTS.logoFormats} ${UPLOAD_TEXTS.logoMaxSize}`;

// ---------------------------------------------------------------------------------------------------

describe('SPEC constants', () => {
  it('keeps the §5 texts verbatim', () => {
    expect(UPLOAD_TEXTS).toEqual({
      foregroundImageFormats: 'Supported formats: JPEG, PNG. Max file size: 20MB',
      backgroundImageFormats: 'Supported formats: JPEG, PNG for images. Max file size : 20MB',
      backgroundVideoFormats: 'MP4, OGV, MOV for videos. Max file size: 3MB',
      foregroundVideoFormats: 'Supported formats: MP4, OGV, MOV, WEBM. Max file size: 300MB',
      logoFormats: 'Supported formats: JPEG, PNG. Recommended size 500x500.',
      logoMaxSize: 'Max file size: 1MB',
      backgroundSizeHint: 'Backgrounds: 1920x1080 recommended',
    });
  });

  it.each<[string, number, number]>([
    ['images 20MB', IMAGE_UPLOAD_MAX_BYTES, 20 * 1024 * 1024],
    ['background video 3MB', BACKGROUND_VIDEO_UPLOAD_MAX_BYTES, 3 * 1024 * 1024],
    ['foreground video 300MB', FOREGROUND_VIDEO_UPLOAD_MAX_BYTES, 300 * 1024 * 1024],
    ['logos 1MB', LOGO_UPLOAD_MAX_BYTES, 1024 * 1024],
  ])('§9 %s (MB = 1024 × 1024 bytes)', (_name, constant, bytes) => {
    expect(constant).toBe(bytes);
  });

  it.each<[UploadKind, UploadMediaType, number | undefined]>([
    ['foregroundImage', 'image', IMAGE_UPLOAD_MAX_BYTES],
    ['foregroundImage', 'video', undefined],
    ['foregroundVideo', 'video', FOREGROUND_VIDEO_UPLOAD_MAX_BYTES],
    ['foregroundVideo', 'image', undefined],
    ['background', 'image', IMAGE_UPLOAD_MAX_BYTES],
    ['background', 'video', BACKGROUND_VIDEO_UPLOAD_MAX_BYTES],
    ['logo', 'image', LOGO_UPLOAD_MAX_BYTES],
    ['logo', 'video', undefined],
  ])('maxUploadBytes(%s, %s)', (kind, mediaType, expected) => {
    expect(maxUploadBytes(kind, mediaType)).toBe(expected);
  });

  it.each<[UploadKind, string[], string, string[]]>([
    ['foregroundImage', ['.png', '.jpg', '.jpeg'], '.png,.jpg,.jpeg', [FG_IMAGE]],
    ['foregroundVideo', ['.mp4', '.mov', '.webm', '.ogv'], '.mp4,.mov,.webm,.ogv', [FG_VIDEO]],
    ['background', ['.jpg', '.jpeg', '.png', '.mp4', '.mov', '.ogv'], '.jpg,.jpeg,.png,.mp4,.mov,.ogv', [UPLOAD_TEXTS.backgroundImageFormats, UPLOAD_TEXTS.backgroundVideoFormats]],
    ['logo', ['.png', '.jpg', '.jpeg'], '.png,.jpg,.jpeg', [UPLOAD_TEXTS.logoFormats, UPLOAD_TEXTS.logoMaxSize]],
  ])('%s: §5 extensions, accept attribute and texts', (kind, extensions, accept, texts) => {
    expect(acceptedExtensions(kind)).toEqual(extensions);
    expect(acceptAttribute(kind)).toBe(accept);
    expect(supportedFormatsTexts(kind)).toEqual(texts);
  });

  it.each<[UploadKind, string[]]>([
    ['foregroundImage', ['image/png', 'image/jpeg']],
    ['foregroundVideo', ['video/mp4', 'video/quicktime', 'video/webm', 'video/ogg']],
    ['background', ['image/jpeg', 'image/png', 'video/mp4', 'video/quicktime', 'video/ogg']],
    ['logo', ['image/png', 'image/jpeg']],
  ])('%s: accepted MIME types', (kind, types) => {
    expect(acceptedMimeTypes(kind)).toEqual(types);
  });
});

describe('§4 upload type: image for foreground image, background image and logo; otherwise video', () => {
  it.each<[UploadKind, string, UploadMediaType | undefined]>([
    ['foregroundImage', 'a.png', 'image'],
    ['foregroundImage', 'a.jpeg', 'image'],
    ['logo', 'a.jpg', 'image'],
    ['background', 'a.jpg', 'image'],
    ['background', 'a.PNG', 'image'],
    ['background', 'a.mp4', 'video'],
    ['background', 'a.ogv', 'video'],
    ['foregroundVideo', 'a.mov', 'video'],
    ['foregroundVideo', 'a.webm', 'video'],
    ['foregroundImage', 'a.mp4', undefined],
    ['background', 'a.webm', undefined],
  ])('%s %s → %s', (kind, name, expected) => {
    expect(uploadMediaType(kind, name)).toBe(expected);
  });
});

describe('rule 1: the extension is on the kind’s allow-list', () => {
  it.each<[UploadKind, string, number[], UploadMediaType, UploadFormat]>([
    ['foregroundImage', 'frame.png', BYTES.png, 'image', 'png'],
    ['foregroundImage', 'frame.jpg', BYTES.jpeg, 'image', 'jpeg'],
    ['foregroundImage', 'frame.jpeg', BYTES.jpeg, 'image', 'jpeg'],
    ['foregroundVideo', 'clip.mp4', BYTES.mp4, 'video', 'mp4'],
    ['foregroundVideo', 'clip.mov', BYTES.mov, 'video', 'mov'],
    ['foregroundVideo', 'clip.webm', BYTES.webm, 'video', 'webm'],
    ['foregroundVideo', 'clip.ogv', BYTES.ogg, 'video', 'ogv'],
    ['background', 'bg.jpg', BYTES.jpeg, 'image', 'jpeg'],
    ['background', 'bg.jpeg', BYTES.jpeg, 'image', 'jpeg'],
    ['background', 'bg.png', BYTES.png, 'image', 'png'],
    ['background', 'bg.mp4', BYTES.mp4, 'video', 'mp4'],
    ['background', 'bg.mov', BYTES.mov, 'video', 'mov'],
    ['background', 'bg.ogv', BYTES.ogg, 'video', 'ogv'],
    ['logo', 'logo.png', BYTES.png, 'image', 'png'],
    ['logo', 'logo.jpg', BYTES.jpeg, 'image', 'jpeg'],
    ['logo', 'logo.jpeg', BYTES.jpeg, 'image', 'jpeg'],
  ])('%s accepts %s', async (kind, name, bytes, mediaType, format) => {
    await expect(validateUpload(kind, file(name, bytes))).resolves.toEqual(ok(mediaType, format));
  });

  it.each<[UploadKind, string, string]>([
    ['foregroundImage', 'frame.gif', `“frame.gif” has the extension .gif, which is not accepted here. ${FG_IMAGE}`],
    ['foregroundImage', 'frame.webp', `“frame.webp” has the extension .webp, which is not accepted here. ${FG_IMAGE}`],
    ['foregroundImage', 'frame.svg', `“frame.svg” has the extension .svg, which is not accepted here. ${FG_IMAGE}`],
    ['foregroundImage', 'clip.mp4', `“clip.mp4” has the extension .mp4, which is not accepted here. ${FG_IMAGE}`],
    ['foregroundImage', 'README', `“README” has no file extension, so its type is unknown. ${FG_IMAGE}`],
    ['foregroundImage', '.png', `“.png” has no file extension, so its type is unknown. ${FG_IMAGE}`],
    ['foregroundImage', 'frame.', `“frame.” has no file extension, so its type is unknown. ${FG_IMAGE}`],
    ['foregroundImage', 'frame.png.exe', `“frame.png.exe” has the extension .exe, which is not accepted here. ${FG_IMAGE}`],
    ['foregroundVideo', 'clip.avi', `“clip.avi” has the extension .avi, which is not accepted here. ${FG_VIDEO}`],
    ['foregroundVideo', 'clip.mkv', `“clip.mkv” has the extension .mkv, which is not accepted here. ${FG_VIDEO}`],
    ['foregroundVideo', 'still.png', `“still.png” has the extension .png, which is not accepted here. ${FG_VIDEO}`],
    ['background', 'bg.webm', `“bg.webm” has the extension .webm, which is not accepted here. ${BG}`],
    ['background', 'bg.gif', `“bg.gif” has the extension .gif, which is not accepted here. ${BG}`],
    ['logo', 'logo.svg', `“logo.svg” has the extension .svg, which is not accepted here. ${LOGO}`],
    ['logo', 'logo.mp4', `“logo.mp4” has the extension .mp4, which is not accepted here. ${LOGO}`],
  ])('%s refuses %s', async (kind, name, reason) => {
    await expect(validateUpload(kind, file(name, BYTES.png))).resolves.toEqual({ ok: false, reason });
  });

  it.each<[UploadKind, string, number[], UploadFormat]>([
    ['foregroundImage', 'PHOTO.PNG', BYTES.png, 'png'],
    ['foregroundImage', 'Photo.JpEg', BYTES.jpeg, 'jpeg'],
    ['logo', 'LOGO.JPG', BYTES.jpeg, 'jpeg'],
    ['foregroundVideo', 'Clip.MoV', BYTES.mov, 'mov'],
    ['foregroundVideo', 'CLIP.WEBM', BYTES.webm, 'webm'],
    ['background', 'Loop.OGV', BYTES.ogg, 'ogv'],
    ['background', 'my.holiday.photo.Jpg', BYTES.jpeg, 'jpeg'],
  ])('%s: extensions are case-insensitive (%s)', async (kind, name, bytes, format) => {
    await expect(validateUpload(kind, file(name, bytes))).resolves.toMatchObject({ ok: true, format });
  });
});

describe('rule 2: a MIME type the browser gives must match the extension', () => {
  it.each<[UploadKind, string, number[], string, string | null]>([
    ['foregroundImage', 'a.png', BYTES.png, 'image/png', null],
    ['foregroundImage', 'a.png', BYTES.png, 'IMAGE/PNG', null],
    ['foregroundImage', 'a.png', BYTES.png, '', null],
    ['foregroundImage', 'a.png', BYTES.png, 'application/octet-stream', null],
    ['foregroundImage', 'a.jpg', BYTES.jpeg, 'image/jpeg', null],
    ['foregroundVideo', 'a.mov', BYTES.mov, 'video/quicktime', null],
    ['foregroundVideo', 'a.ogv', BYTES.ogg, 'video/ogg', null],
    ['foregroundVideo', 'a.webm', BYTES.webm, 'video/webm;codecs=vp9', null],
    ['foregroundImage', 'a.png', BYTES.png, 'image/jpeg', `“a.png” is reported as image/jpeg, not as a PNG image. ${FG_IMAGE}`],
    ['foregroundImage', 'a.png', BYTES.png, 'text/html', `“a.png” is reported as text/html, not as a PNG image. ${FG_IMAGE}`],
    ['logo', 'a.jpg', BYTES.jpeg, 'image/svg+xml', `“a.jpg” is reported as image/svg+xml, not as a JPEG image. ${LOGO}`],
    ['foregroundVideo', 'a.mp4', BYTES.mp4, 'video/webm', `“a.mp4” is reported as video/webm, not as an MP4 video. ${FG_VIDEO}`],
    ['background', 'a.mp4', BYTES.mp4, 'image/png', `“a.mp4” is reported as image/png, not as an MP4 video. ${BG}`],
    ['background', 'a.mov', BYTES.mov, 'application/x-msdownload', `“a.mov” is reported as application/x-msdownload, not as a MOV video. ${BG}`],
  ])('%s %s typed “%s”', async (kind, name, bytes, type, reason) => {
    const verdict = await validateUpload(kind, file(name, bytes, { type }));
    expect(verdict.ok ? null : verdict.reason).toBe(reason);
  });
});

describe('rule 3: size (§9), checked before anything is read', () => {
  const LIMITS: [UploadKind, string, number[], number, string][] = [
    ['foregroundImage', 'a.png', BYTES.png, IMAGE_UPLOAD_MAX_BYTES, '20MB'],
    ['background', 'a.jpg', BYTES.jpeg, IMAGE_UPLOAD_MAX_BYTES, '20MB'],
    ['background', 'a.mp4', BYTES.mp4, BACKGROUND_VIDEO_UPLOAD_MAX_BYTES, '3MB'],
    ['foregroundVideo', 'a.mp4', BYTES.mp4, FOREGROUND_VIDEO_UPLOAD_MAX_BYTES, '300MB'],
    ['logo', 'a.png', BYTES.png, LOGO_UPLOAD_MAX_BYTES, '1MB'],
  ];

  it.each(LIMITS)('%s %s: 1 byte under and exactly the limit are accepted', async (kind, name, bytes, max) => {
    await expect(validateUpload(kind, file(name, bytes, { size: max - 1 }))).resolves.toMatchObject({ ok: true });
    await expect(validateUpload(kind, file(name, bytes, { size: max }))).resolves.toMatchObject({ ok: true });
  });

  it.each(LIMITS)('%s %s: 1 byte over is refused', async (kind, name, bytes, max, limitText) => {
    const reason = await reasonOf(kind, file(name, bytes, { size: max + 1 }));
    expect(reason).toContain(`“${name}” is ${new Intl.NumberFormat('en-US').format(max + 1)} bytes, larger than ${limitText}.`);
  });

  it.each<[UploadKind, string, number[], number, string | null]>([
    ['background', 'loop.mp4', BYTES.mp4, 2.9 * MB, null],
    ['background', 'loop.mp4', BYTES.mp4, 3.1 * MB, `“loop.mp4” is 3.1 MB, larger than 3MB. ${BG}`],
    ['background', 'loop.mov', BYTES.mov, 3.1 * MB, `“loop.mov” is 3.1 MB, larger than 3MB. ${BG}`],
    ['background', 'photo.jpg', BYTES.jpeg, 19 * MB, null],
    ['background', 'photo.jpg', BYTES.jpeg, 21 * MB, `“photo.jpg” is 21 MB, larger than 20MB. ${BG}`],
    ['foregroundImage', 'big.png', BYTES.png, 24.3 * MB, `“big.png” is 24.3 MB, larger than 20MB. ${FG_IMAGE}`],
    ['foregroundVideo', 'film.mp4', BYTES.mp4, 299 * MB, null],
    ['foregroundVideo', 'film.mp4', BYTES.mp4, 1234.5 * MB, `“film.mp4” is 1,234.5 MB, larger than 300MB. ${FG_VIDEO}`],
    ['logo', 'logo.png', BYTES.png, 0.9 * MB, null],
    ['logo', 'logo.png', BYTES.png, 1.5 * MB, `“logo.png” is 1.5 MB, larger than 1MB. ${LOGO}`],
  ])('%s %s of %d bytes', async (kind, name, bytes, size, reason) => {
    const verdict = await validateUpload(kind, file(name, bytes, { size: Math.round(size) }));
    expect(verdict.ok ? null : verdict.reason).toBe(reason);
  });

  it.each<[UploadKind, string]>([
    ['foregroundImage', `“empty.png” is empty. ${FG_IMAGE}`],
    ['logo', `“empty.png” is empty. ${LOGO}`],
    ['background', `“empty.png” is empty. ${BG}`],
  ])('%s refuses an empty file', async (kind, reason) => {
    await expect(validateUpload(kind, file('empty.png', []))).resolves.toEqual({ ok: false, reason });
  });

  it('an oversized file is refused without reading it', async () => {
    const f = file('big.png', BYTES.png, { size: IMAGE_UPLOAD_MAX_BYTES + 1 });
    const slice = vi.spyOn(f, 'slice');
    await validateUpload('foregroundImage', f);
    expect(slice).not.toHaveBeenCalled();
  });
});

describe('rule 4: the first bytes must be a real file of the extension’s family', () => {
  it.each<[string, number[], UploadFormat | undefined, UploadFormat | undefined]>([
    ['PNG 89 50 4E 47 0D 0A 1A 0A', BYTES.png, undefined, 'png'],
    ['JPEG FF D8 FF', BYTES.jpeg, undefined, 'jpeg'],
    ['ISO media ftyp isom', BYTES.mp4, undefined, 'mp4'],
    ['ISO media ftyp isom, claimed .mov', BYTES.mp4, 'mov', 'mov'],
    ['QuickTime ftyp qt', BYTES.mov, 'mp4', 'mov'],
    ['legacy QuickTime moov atom, claimed .mov', BYTES.movLegacy, 'mov', 'mov'],
    ['legacy QuickTime moov atom, claimed .mp4', BYTES.movLegacy, 'mp4', undefined],
    ['WebM/Matroska 1A 45 DF A3', BYTES.webm, undefined, 'webm'],
    ['Ogg OggS', BYTES.ogg, undefined, 'ogv'],
    ['PNG signature cut short', BYTES.png.slice(0, 7), undefined, undefined],
    ['FF D8 without the third FF', pad([0xff, 0xd8, 0x00, 0xe0]), 'jpeg', undefined],
    ['ftyp one byte late', pad([0, 0, 0, 0, 0x20, ...ascii('ftypisom')]), 'mp4', undefined],
    ['a Windows program', BYTES.exe, 'png', undefined],
    ['text', BYTES.text, 'png', undefined],
    ['nothing', [], 'png', undefined],
  ])('sniffFormat: %s', (_name, bytes, claimed, expected) => {
    expect(sniffFormat(new Uint8Array(bytes), claimed)).toBe(expected);
  });

  it.each<[UploadKind, string, number[], string]>([
    ['foregroundImage', 'setup.png', BYTES.exe, `“setup.png” is a Windows program, not an image. ${FG_IMAGE}`],
    ['logo', 'setup.jpg', BYTES.exe, `“setup.jpg” is a Windows program, not an image. ${LOGO}`],
    ['foregroundVideo', 'setup.mp4', BYTES.exe, `“setup.mp4” is a Windows program, not a video. ${FG_VIDEO}`],
    ['background', 'setup.mov', BYTES.exe, `“setup.mov” is a Windows program, not a video. ${BG}`],
    ['foregroundImage', 'tool.png', BYTES.elf, `“tool.png” is a Linux program, not an image. ${FG_IMAGE}`],
    ['foregroundVideo', 'archive.mp4', BYTES.zip, `“archive.mp4” is a ZIP archive, not a video. ${FG_VIDEO}`],
    ['logo', 'doc.png', BYTES.pdf, `“doc.png” is a PDF document, not an image. ${LOGO}`],
    ['foregroundImage', 'notes.png', BYTES.text, `“notes.png” is a text file, not an image. ${FG_IMAGE}`],
    ['foregroundImage', 'page.png', BYTES.html, `“page.png” is a text file, not an image. ${FG_IMAGE}`],
    ['foregroundImage', 'noise.png', BYTES.random, `“noise.png” is not a real PNG or JPEG image. ${FG_IMAGE}`],
    ['background', 'noise.jpg', BYTES.random, `“noise.jpg” is not a real JPEG or PNG image. ${BG}`],
    ['background', 'noise.mp4', BYTES.random, `“noise.mp4” is not a real MP4, MOV or OGV video. ${BG}`],
    ['foregroundVideo', 'noise.webm', BYTES.random, `“noise.webm” is not a real MP4, MOV, WEBM or OGV video. ${FG_VIDEO}`],
    ['foregroundVideo', 'old.mp4', BYTES.movLegacy, `“old.mp4” is not a real MP4, MOV, WEBM or OGV video. ${FG_VIDEO}`],
    ['foregroundVideo', 'still.mp4', BYTES.png, `“still.mp4” contains a PNG image, not a video. ${FG_VIDEO}`],
    ['background', 'still.mp4', BYTES.jpeg, `“still.mp4” contains a JPEG image, not a video. ${BG}`],
    ['foregroundImage', 'clip.png', BYTES.mp4, `“clip.png” contains an MP4 video, not an image. ${FG_IMAGE}`],
    ['logo', 'clip.jpg', BYTES.webm, `“clip.jpg” contains a WEBM video, not an image. ${LOGO}`],
    ['background', 'clip.mp4', BYTES.webm, `“clip.mp4” contains a WEBM video, which cannot be used here. ${BG}`],
  ])('%s refuses %s', async (kind, name, bytes, reason) => {
    await expect(validateUpload(kind, file(name, bytes))).resolves.toEqual({ ok: false, reason });
  });

  it.each<[UploadKind, string, number[], UploadFormat]>([
    ['foregroundImage', 'photo.png', BYTES.jpeg, 'jpeg'],
    ['logo', 'mark.jpg', BYTES.png, 'png'],
    ['background', 'bg.jpeg', BYTES.png, 'png'],
    ['foregroundVideo', 'clip.mp4', BYTES.webm, 'webm'],
    ['foregroundVideo', 'clip.mp4', BYTES.mov, 'mov'],
    ['foregroundVideo', 'clip.mov', BYTES.mp4, 'mov'],
    ['foregroundVideo', 'old.mov', BYTES.movLegacy, 'mov'],
    ['background', 'loop.mov', BYTES.mp4, 'mov'],
  ])('%s: %s of another format in the same family passes as %s', async (kind, name, bytes, format) => {
    const verdict = await validateUpload(kind, file(name, bytes));
    expect(verdict).toMatchObject({ ok: true, format });
  });

  it('reads the bytes with Blob.arrayBuffer() where the platform has it', async () => {
    const head = new Uint8Array(BYTES.png);
    const arrayBuffer = vi.fn(async () => head.buffer.slice(0, 16));
    const fake = { name: 'a.png', size: 1000, type: 'image/png', slice: () => ({ arrayBuffer }) } as unknown as UploadFile;
    await expect(validateUpload('foregroundImage', fake)).resolves.toEqual(ok('image', 'png'));
    expect(arrayBuffer).toHaveBeenCalledOnce();
  });

  it('refuses a file that cannot be read', async () => {
    const fake = {
      name: 'gone.png',
      size: 1000,
      type: '',
      slice: () => ({ arrayBuffer: () => Promise.reject(new Error('NotReadableError')) }),
    } as unknown as UploadFile;
    await expect(validateUpload('foregroundImage', fake)).resolves.toEqual({ ok: false, reason: `“gone.png” could not be read. ${FG_IMAGE}` });
  });
});
