/**
 * Upload validation for the Graphics panel (§5 accepted extensions and texts, §9 size limits, §4 upload
 * type). Pure: it reads only the file's name, size, browser-given type and its first few bytes.
 *
 * This is the client's first gate (RELIABILITY-NOTES §2.4, after OWASP's File Upload Cheat Sheet): an
 * allow-list of extensions, the browser's MIME type when it gives one (it is only a guess from the
 * extension, so it can refuse but never vouch), the size before anything is read, then the file's
 * signature ("magic bytes"), which must belong to the same family (image or video) as its extension.
 * The server repeats every check; nothing here makes a file safe, it only stops honest mistakes and
 * obvious impostors (a program or a text file renamed .png) with a clear reason.
 */
import {
  BACKGROUND_VIDEO_UPLOAD_MAX_BYTES,
  BYTES_PER_MB,
  FOREGROUND_VIDEO_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_MAX_BYTES,
  LOGO_UPLOAD_MAX_BYTES,
} from './limits';
import { UPLOAD_TEXTS } from './texts';

/** The four upload buttons of the Graphics panel (§2 Graphics panel, §5). */
export type UploadKind = 'foregroundImage' | 'foregroundVideo' | 'background' | 'logo';

/** §4 Asset upload: the upload type sent to the asset service. */
export type UploadMediaType = 'image' | 'video';

/** What a file really is, named after its extension's format (.ogv: 'ogv'; .jpg and .jpeg: 'jpeg'). */
export type UploadFormat = 'png' | 'jpeg' | 'mp4' | 'mov' | 'webm' | 'ogv';

/** The part of a `File` the rules read (a `File` fits; tests pass small fakes). */
export type UploadFile = Pick<File, 'name' | 'size' | 'type' | 'slice'>;

export type UploadVerdict =
  | { ok: true; mediaType: UploadMediaType; format: UploadFormat }
  | { ok: false; reason: string };

interface FormatRule {
  mediaType: UploadMediaType;
  /** MIME types a browser gives for this extension. */
  mimeTypes: readonly string[];
  /** Short name used in reasons ('PNG', 'MP4'), and its article as it is read out ('an MP4', 'a MOV'). */
  label: string;
  article: 'a' | 'an';
}

const FORMATS: Record<UploadFormat, FormatRule> = {
  png: { mediaType: 'image', mimeTypes: ['image/png'], label: 'PNG', article: 'a' },
  jpeg: { mediaType: 'image', mimeTypes: ['image/jpeg'], label: 'JPEG', article: 'a' },
  mp4: { mediaType: 'video', mimeTypes: ['video/mp4'], label: 'MP4', article: 'an' },
  mov: { mediaType: 'video', mimeTypes: ['video/quicktime'], label: 'MOV', article: 'a' },
  webm: { mediaType: 'video', mimeTypes: ['video/webm'], label: 'WEBM', article: 'a' },
  ogv: { mediaType: 'video', mimeTypes: ['video/ogg'], label: 'OGV', article: 'an' },
};

/** Extension (lower case, with its dot) → format. */
const EXTENSION_FORMAT: Readonly<Record<string, UploadFormat>> = {
  '.png': 'png',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.mp4': 'mp4',
  '.mov': 'mov',
  '.webm': 'webm',
  '.ogv': 'ogv',
};

interface KindRule {
  /** §5 accepted extensions, in the SPEC's order. */
  extensions: readonly string[];
  /** §9 size limit per media type the kind takes. */
  maxBytes: Partial<Record<UploadMediaType, number>>;
  /** §5 'Supported formats' texts shown with the picker and in every refusal. */
  texts: readonly string[];
}

const KINDS: Record<UploadKind, KindRule> = {
  // §5 Foreground image upload: .png, .jpg, .jpeg. §9 images 20MB.
  foregroundImage: {
    extensions: ['.png', '.jpg', '.jpeg'],
    maxBytes: { image: IMAGE_UPLOAD_MAX_BYTES },
    texts: [UPLOAD_TEXTS.foregroundImageFormats],
  },
  // §5 Foreground video upload: .mp4, .mov, .webm, .ogv. §9 foreground video 300MB.
  foregroundVideo: {
    extensions: ['.mp4', '.mov', '.webm', '.ogv'],
    maxBytes: { video: FOREGROUND_VIDEO_UPLOAD_MAX_BYTES },
    texts: [UPLOAD_TEXTS.foregroundVideoFormats],
  },
  // §5 Background upload: .jpg, .jpeg, .png, .mp4, .mov, .ogv. §9 images 20MB, background video 3MB.
  background: {
    extensions: ['.jpg', '.jpeg', '.png', '.mp4', '.mov', '.ogv'],
    maxBytes: { image: IMAGE_UPLOAD_MAX_BYTES, video: BACKGROUND_VIDEO_UPLOAD_MAX_BYTES },
    texts: [UPLOAD_TEXTS.backgroundImageFormats, UPLOAD_TEXTS.backgroundVideoFormats],
  },
  // §5 Logo upload: .png, .jpg, .jpeg. §9 logos 1MB.
  logo: {
    extensions: ['.png', '.jpg', '.jpeg'],
    maxBytes: { image: LOGO_UPLOAD_MAX_BYTES },
    texts: [UPLOAD_TEXTS.logoFormats, UPLOAD_TEXTS.logoMaxSize],
  },
};

/** How many leading bytes are read to recognise a format (the longest signature ends at byte 12). */
export const SIGNATURE_BYTES = 16;

/** §5 accepted extensions of a kind (lower case, with the dot). */
export function acceptedExtensions(kind: UploadKind): readonly string[] {
  return KINDS[kind].extensions;
}

/** MIME types a browser may report for the kind's accepted files. */
export function acceptedMimeTypes(kind: UploadKind): readonly string[] {
  const types = KINDS[kind].extensions.flatMap((ext) => FORMATS[formatOfExtension(ext)!].mimeTypes);
  return [...new Set(types)];
}

/** §9 size limit in bytes for a kind and media type; undefined when the kind takes no such media. */
export function maxUploadBytes(kind: UploadKind, mediaType: UploadMediaType): number | undefined {
  return KINDS[kind].maxBytes[mediaType];
}

/** §5 'Supported formats' texts of a kind, in display order (one line each). */
export function supportedFormatsTexts(kind: UploadKind): readonly string[] {
  return KINDS[kind].texts;
}

/**
 * The `accept` attribute of the kind's `<input type="file">`. Extensions only: they are exactly the §5
 * list, where MIME types would let the picker offer neighbours (.m4v for video/mp4, .jfif for image/jpeg).
 */
export function acceptAttribute(kind: UploadKind): string {
  return KINDS[kind].extensions.join(',');
}

/**
 * §4 upload type by file name: image for foreground image, background image and logo; otherwise video.
 * A background's type follows its extension; undefined when the extension is not accepted for the kind.
 */
export function uploadMediaType(kind: UploadKind, fileName: string): UploadMediaType | undefined {
  const ext = extensionOf(fileName);
  if (!KINDS[kind].extensions.includes(ext)) return undefined;
  return FORMATS[formatOfExtension(ext)!].mediaType;
}

/**
 * Checks a file picked for `kind`, in this order: extension, browser MIME type (when given), size,
 * then the first bytes. The first failing rule gives the reason; every reason ends with the kind's
 * 'Supported formats' text(s). Resolves, never rejects (an unreadable file is a refusal).
 */
export async function validateUpload(kind: UploadKind, file: UploadFile): Promise<UploadVerdict> {
  const rule = KINDS[kind];
  const name = quote(file.name);
  const refuse = (problem: string): UploadVerdict => ({ ok: false, reason: `${problem} ${rule.texts.join(' ')}` });

  // 1. Extension, against the kind's allow-list (case-insensitive).
  const ext = extensionOf(file.name);
  if (!rule.extensions.includes(ext)) {
    return refuse(
      ext ? `${name} has the extension ${ext}, which is not accepted here.` : `${name} has no file extension, so its type is unknown.`,
    );
  }
  const claimed = formatOfExtension(ext)!;
  const { mediaType } = FORMATS[claimed];

  // 2. MIME type. Browsers derive it from the extension, so it can only reveal a mismatch. An empty type
  //    or the generic application/octet-stream means "unknown" and is left to the signature check.
  const mime = file.type.trim().toLowerCase().split(';')[0] ?? '';
  if (mime && mime !== 'application/octet-stream' && !FORMATS[claimed].mimeTypes.includes(mime)) {
    return refuse(`${name} is reported as ${mime}, not as ${named(claimed)} ${mediaType}.`);
  }

  // 3. Size, before reading anything.
  const max = rule.maxBytes[mediaType]!;
  if (file.size <= 0) return refuse(`${name} is empty.`);
  if (file.size > max) return refuse(`${name} is ${describeSize(file.size, max)}, larger than ${formatLimit(max)}.`);

  // 4. Signature: what the bytes say the file is.
  let head: Uint8Array;
  try {
    head = await readHead(file, SIGNATURE_BYTES);
  } catch {
    return refuse(`${name} could not be read.`);
  }
  const sniffed = sniffFormat(head, claimed);
  const anImageOrAVideo = mediaType === 'image' ? 'an image' : 'a video';
  if (sniffed === undefined) {
    const known = describeForeign(head);
    return refuse(known ? `${name} is ${known}, not ${anImageOrAVideo}.` : `${name} is not a real ${familyText(kind, mediaType)}.`);
  }
  const found = `${named(sniffed)} ${FORMATS[sniffed].mediaType}`;
  if (FORMATS[sniffed].mediaType !== mediaType) return refuse(`${name} contains ${found}, not ${anImageOrAVideo}.`);
  if (!rule.extensions.some((e) => formatOfExtension(e) === sniffed)) {
    return refuse(`${name} contains ${found}, which cannot be used here.`);
  }
  return { ok: true, mediaType, format: sniffed };
}

/** The recognised format of a file's first bytes, or undefined. `claimed` only tells MP4 from MOV. */
export function sniffFormat(head: Uint8Array, claimed?: UploadFormat): UploadFormat | undefined {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm'; // EBML: WebM or Matroska
  if (ascii(head, 0, 4) === 'OggS') return 'ogv';
  const box = ascii(head, 4, 8);
  if (box === 'ftyp') {
    // ISO base media: QuickTime files carry the major brand 'qt  '; everything else plays as MP4.
    if (ascii(head, 8, 12) === 'qt  ') return 'mov';
    return claimed === 'mov' ? 'mov' : 'mp4';
  }
  // Older QuickTime files begin with a movie, media-data or padding atom instead of 'ftyp'.
  if (claimed === 'mov' && QUICKTIME_FIRST_ATOMS.includes(box)) return 'mov';
  return undefined;
}

const QUICKTIME_FIRST_ATOMS = ['moov', 'mdat', 'wide', 'free', 'skip'];

// ---------------------------------------------------------------------------------------------------

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot).toLowerCase() : '';
}

function formatOfExtension(ext: string): UploadFormat | undefined {
  return EXTENSION_FORMAT[ext];
}

/** 'PNG or JPEG image' / 'MP4, OGV or MOV video': the formats the kind takes for that media type. */
function familyText(kind: UploadKind, mediaType: UploadMediaType): string {
  const labels = [
    ...new Set(
      KINDS[kind].extensions
        .map((e) => formatOfExtension(e)!)
        .filter((f) => FORMATS[f].mediaType === mediaType)
        .map((f) => FORMATS[f].label),
    ),
  ];
  const list = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : (labels[0] ?? '');
  return `${list} ${mediaType}`;
}

/** Well-known headers of things that are not media, named so a refusal says what the file is. */
function describeForeign(head: Uint8Array): string | undefined {
  if (ascii(head, 0, 2) === 'MZ') return 'a Windows program';
  if (startsWith(head, [0x7f, 0x45, 0x4c, 0x46])) return 'a Linux program';
  if (ascii(head, 0, 4) === 'PK\u0003\u0004') return 'a ZIP archive';
  if (ascii(head, 0, 5) === '%PDF-') return 'a PDF document';
  if (head.length > 0 && head.every((b) => b === 0x09 || b === 0x0a || b === 0x0d || (b >= 0x20 && b < 0x7f))) return 'a text file';
  return undefined;
}

const mbFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const byteFormat = new Intl.NumberFormat('en-US');

/** '24.3 MB'; in bytes when one decimal would hide that the file is over the limit ('20 MB' > 20MB). */
function describeSize(size: number, max: number): string {
  const mb = Math.round((size / BYTES_PER_MB) * 10) / 10;
  if (mb * BYTES_PER_MB > max) return `${mbFormat.format(mb)} MB`;
  return `${byteFormat.format(size)} bytes`;
}

/** The limit as SPEC writes it: '20MB', '3MB', '300MB', '1MB'. */
function formatLimit(max: number): string {
  return `${mbFormat.format(max / BYTES_PER_MB)}MB`;
}

/** 'a PNG', 'an MP4'. */
function named(format: UploadFormat): string {
  return `${FORMATS[format].article} ${FORMATS[format].label}`;
}

function quote(fileName: string): string {
  return `“${fileName}”`;
}

function startsWith(head: Uint8Array, bytes: readonly number[]): boolean {
  return head.length >= bytes.length && bytes.every((b, i) => head[i] === b);
}

function ascii(head: Uint8Array, from: number, to: number): string {
  return head.length >= to ? String.fromCharCode(...head.subarray(from, to)) : '';
}

/**
 * The first `count` bytes. `Blob.arrayBuffer()` where the platform has it (browsers, Node); jsdom's
 * Blob lacks it, so component tests fall back to FileReader.
 */
async function readHead(file: UploadFile, count: number): Promise<Uint8Array> {
  const blob = file.slice(0, count);
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });
}
