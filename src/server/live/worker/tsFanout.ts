/**
 * Fans one MPEG-TS byte stream out to any number of consumers (the outputs' ffmpeg processes), each
 * independent: one that is slow or gone never holds up another. A consumer that joins late starts
 * cleanly: it gets the newest PAT and PMT, then everything since the newest video keyframe (the
 * packet whose adaptation field says random access), so its first picture decodes.
 */
export const TS_PACKET = 188;
const SYNC = 0x47;
/** A consumer further behind than this (its pipe full) is skipped until it drains, not buffered. */
export const CONSUMER_BACKLOG_MAX_BYTES = 8 * 1024 * 1024;

export interface TsConsumer {
  /** Writes bytes; returns false when the consumer's buffer is full (like a stream's write). */
  write(chunk: Buffer): boolean;
  /** Bytes waiting in the consumer's buffer. */
  backlog(): number;
}

const pid = (p: Buffer) => ((p[1]! & 0x1f) << 8) | p[2]!;
const payloadStart = (p: Buffer) => (p[1]! & 0x40) !== 0;

/** Whether a packet opens a video keyframe: random-access flag set and a video PES (stream id 0xE0–0xEF) starting. */
export function isVideoKeyframeStart(p: Buffer): boolean {
  if (!payloadStart(p)) return false;
  const control = (p[3]! >> 4) & 0x3;
  if (!(control & 0x2)) return false;
  const afLength = p[4]!;
  if (afLength === 0 || !(p[5]! & 0x40)) return false;
  const pes = 5 + afLength;
  return pes + 4 <= TS_PACKET && p[pes] === 0 && p[pes + 1] === 0 && p[pes + 2] === 1 && (p[pes + 3]! & 0xf0) === 0xe0;
}

export function createTsFanout() {
  const consumers = new Set<TsConsumer>();
  let rest = Buffer.alloc(0);
  let pat: Buffer | null = null;
  let pmtPid = -1;
  let pmt: Buffer | null = null;
  /** Packets since the newest keyframe (a late consumer's start). */
  let gop: Buffer[] = [];
  let gopBytes = 0;

  /** The PMT's PID, read from a PAT's first program. */
  const readPmtPid = (p: Buffer) => {
    const start = 5 + p[4]!; // pointer field then the section
    const programNumber = (p[start + 8]! << 8) | p[start + 9]!;
    if (programNumber !== 0) pmtPid = ((p[start + 10]! & 0x1f) << 8) | p[start + 11]!;
  };

  function packet(p: Buffer): void {
    const id = pid(p);
    if (id === 0 && payloadStart(p)) {
      pat = p;
      readPmtPid(p);
    } else if (id === pmtPid && payloadStart(p)) pmt = p;
    if (isVideoKeyframeStart(p)) {
      gop = [];
      gopBytes = 0;
    }
    if (gopBytes < CONSUMER_BACKLOG_MAX_BYTES) {
      gop.push(p);
      gopBytes += TS_PACKET;
    }
  }

  return {
    /** Feeds bytes from the ingest (any chunking); passes whole packets on. */
    push(chunk: Buffer): void {
      const data = rest.length ? Buffer.concat([rest, chunk]) : chunk;
      let offset = 0;
      // Resynchronise on the sync byte (a damaged stream must not shift every later packet).
      while (offset < data.length && data[offset] !== SYNC) offset++;
      const whole = offset + Math.floor((data.length - offset) / TS_PACKET) * TS_PACKET;
      for (let i = offset; i < whole; i += TS_PACKET) packet(data.subarray(i, i + TS_PACKET));
      rest = Buffer.from(data.subarray(whole));
      if (whole > offset) {
        const out = data.subarray(offset, whole);
        for (const c of consumers) if (c.backlog() < CONSUMER_BACKLOG_MAX_BYTES) c.write(out);
      }
    },
    /** Adds a consumer: it starts at the newest keyframe, with the tables before it. */
    add(consumer: TsConsumer): () => void {
      const start = [...(pat ? [pat] : []), ...(pmt ? [pmt] : []), ...gop];
      if (start.length) consumer.write(Buffer.concat(start));
      consumers.add(consumer);
      return () => consumers.delete(consumer);
    },
    /** Whether a keyframe has been seen (a consumer added now starts with a picture). */
    hasKeyframe: () => gop.length > 0 && isVideoKeyframeStart(gop[0]!),
    size: () => consumers.size,
  };
}
export type TsFanout = ReturnType<typeof createTsFanout>;
