/**
 * The stream key reaches ffmpeg through a file descriptor, never its arguments (issue 31): any local
 * user reads `/proc/<pid>/cmdline`, only the owner a process' descriptors. Debian's ffmpeg (5.1)
 * reads output options from a preset file (`-fpre`), one of which is the RTMP client's
 * `rtmp_playpath` — the key. The preset is written to a file in memory (/dev/shm where there is
 * one), in a folder only this user enters, and unlinked at once: what is left is the descriptor
 * ffmpeg inherits and opens again as /dev/fd/N.
 */
import { existsSync, mkdtempSync, openSync, rmdirSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the preset is written: memory first (it never reaches a disk), else the temp folder. */
export const PRESET_DIRS = ['/dev/shm', tmpdir()] as const;
/** ffmpeg reads a preset line into 1000 bytes: a longer one would be cut (and the cut echoed in its error). */
export const PRESET_LINE_MAX_BYTES = 999;
/** The descriptor ffmpeg gets the preset on (0–2 are its stdio, 3 its progress). */
export const PRESET_FD = 4;

/** The preset's one line. */
export const keyPresetLine = (streamKey: string): string => `rtmp_playpath=${streamKey}\n`;

/** A descriptor of an unlinked file holding the key's preset; the caller hands it to ffmpeg, then closes it. */
export function keyPresetFd(streamKey: string): number {
  const line = keyPresetLine(streamKey);
  if (Buffer.byteLength(line) > PRESET_LINE_MAX_BYTES) throw new Error(`The stream key is longer than ffmpeg reads (${PRESET_LINE_MAX_BYTES - 'rtmp_playpath=\n'.length} bytes)`);
  const base = PRESET_DIRS.find((dir) => existsSync(dir)) ?? tmpdir();
  const dir = mkdtempSync(join(base, 'studio-'));
  const file = join(dir, 'preset');
  try {
    const fd = openSync(file, 'wx+', 0o600);
    writeSync(fd, line);
    return fd;
  } finally {
    if (existsSync(file)) unlinkSync(file);
    rmdirSync(dir);
  }
}

/** The arguments that make ffmpeg read the preset on PRESET_FD (before the output URL). */
export const keyPresetArgs = (): string[] => ['-fpre', `/dev/fd/${PRESET_FD}`];
