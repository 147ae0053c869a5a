import { describe, expect, it, vi } from 'vitest';
import { continueScreenShare, requestScreenShare, SCREEN_SHARE_MAX_TRIES, SCREEN_SHARE_RETRY_MS, type ScreenShareDeps } from '../../../src/services/meeting/screenShare';
import type { Sharer } from '../../../src/state/backend';

const fakeStream = () => {
  const track = { stop: vi.fn() };
  return { getTracks: () => [track] } as unknown as MediaStream;
};

function setup(other: Sharer | null) {
  let sharer = other;
  const log: string[] = [];
  const deps: ScreenShareDeps = {
    live: {
      shareScreen: vi.fn(async () => void log.push('share')),
      otherSharer: () => sharer,
      stopOtherShare: vi.fn((guid: string) => void log.push(`stop ${guid}`)),
    },
    pickScreen: vi.fn(async () => (log.push('pick'), fakeStream())),
    wait: vi.fn(async (ms: number) => void log.push(`wait ${ms}`)),
  };
  return { deps, log, stopSharing: () => (sharer = null) };
}

describe('Share Screen and the Screen Share Conflict (§4)', () => {
  it('shares at once when nobody else shares', async () => {
    const { deps, log } = setup(null);
    expect(await requestScreenShare(deps)).toEqual({ outcome: 'shared' });
    expect(log).toEqual(['pick', 'share']);
  });

  it('asks first when another presenter shares: the picker does not open', async () => {
    const { deps, log } = setup({ guid: 'g-1', name: 'Gina' });
    expect(await requestScreenShare(deps)).toEqual({ outcome: 'conflict', other: { guid: 'g-1', name: 'Gina' } });
    expect(log).toEqual([]);
  });

  it('CONTINUE stops the other share and starts this one 1 s later', async () => {
    const s = setup({ guid: 'g-1', name: 'Gina' });
    (s.deps.wait as ReturnType<typeof vi.fn>).mockImplementation(async (ms: number) => {
      s.log.push(`wait ${ms}`);
      s.stopSharing(); // the other sharer saw the request within the second
    });
    expect(await continueScreenShare(s.deps, { guid: 'g-1', name: 'Gina' })).toEqual({ outcome: 'shared' });
    expect(s.log).toEqual(['pick', 'stop g-1', `wait ${SCREEN_SHARE_RETRY_MS}`, 'share']);
    expect(SCREEN_SHARE_RETRY_MS).toBe(1000);
  });

  it('retries every second while the other still shares, then goes ahead', async () => {
    const { deps, log } = setup({ guid: 'g-1', name: 'Gina' });
    expect(await continueScreenShare(deps, { guid: 'g-1', name: 'Gina' })).toEqual({ outcome: 'shared' });
    expect(log.filter((l) => l.startsWith('wait'))).toHaveLength(SCREEN_SHARE_MAX_TRIES);
    expect(log.at(-1)).toBe('share');
  });

  it('closing the browser picker cancels without sharing or stopping anyone', async () => {
    const { deps, log } = setup({ guid: 'g-1', name: 'Gina' });
    (deps.pickScreen as ReturnType<typeof vi.fn>).mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    expect(await continueScreenShare(deps, { guid: 'g-1', name: 'Gina' })).toEqual({ outcome: 'cancelled' });
    expect(log).toEqual([]);
  });

  it('a failed publish stops the picked screen and says why', async () => {
    const { deps } = setup(null);
    const stream = fakeStream();
    (deps.pickScreen as ReturnType<typeof vi.fn>).mockResolvedValue(stream);
    (deps.live.shareScreen as ReturnType<typeof vi.fn>).mockRejectedValue(new Error('media server gone'));
    expect(await requestScreenShare(deps)).toEqual({ outcome: 'failed', message: 'media server gone' });
    expect(stream.getTracks()[0]!.stop).toHaveBeenCalled();
  });
});
