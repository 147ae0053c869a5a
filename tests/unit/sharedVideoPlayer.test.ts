import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyChannel } from '../../compositor/model/channel';
import { producerCard } from '../../compositor/model/producerCard';
import { stageActions } from '../../src/state/channel/stageActions';
import { useChannelStore } from '../../src/state/channel/store';
import { useMeetingStore } from '../../src/state/meetingStore';
import { SELF_ID } from '../../src/state/session';
import { continueSharing, sharedVideo, sharedVideoElement, shareVideo, startSharedVideo, stopSharing } from '../../src/services/media/sharedVideoPlayer';
import { setVideoEnd, useVideoEndStore, videoEndOf } from '../../src/state/media/videoEnd';
import { mediaActions } from '../../src/state/graphics/graphicsActions';

const video = { id: 'foreground-video-1', type: 'video' as const, url: '/v1.webm', name: 'Video 1' };
const image = { id: 'img', type: 'image' as const, url: '/i.png', name: 'Frame' };
const doc = () => useChannelStore.getState().doc;
const self = () => doc().producers.find((p) => p.id === SELF_ID)!;

let stop: () => void;
beforeEach(() => {
  stageActions.load({ ...emptyChannel(), producers: [producerCard({ id: SELF_ID, name: 'Me', participantGuid: 'guid-self-0001', audioMute: false })] });
  useMeetingStore.setState({ receivingContent: false });
  useVideoEndStore.setState({ held: [] });
  sharedVideo.setLoop(false);
  stop = startSharedVideo();
});
afterEach(() => stop());

describe('the shared foreground video (§4 Shared video state, Screen share conflict)', () => {
  it('sharing puts it on the channel, plays it from 0 and mutes the moderator (§2 "You will be muted.")', () => {
    expect(shareVideo(video)).toBe('started');
    expect(doc().media.foregroundVideo).toEqual(video);
    expect(sharedVideo.getState()).toMatchObject({ state: 'PLAYING', seekSec: 0, videoId: video.id, sharingLocalContent: true });
    expect(self().audioMute).toBe(true);
  });

  it('the channel is the truth: an image replacing it, an undo or Stop sharing closes it', () => {
    shareVideo(video);
    mediaActions.select('foregroundImage', image);
    expect(sharedVideo.getState().state).toBe('CLOSED');
    stageActions.undo();
    expect(sharedVideo.getState()).toMatchObject({ state: 'PLAYING', videoId: video.id });
    stopSharing();
    expect(doc().media.foregroundVideo).toBeNull();
    expect(sharedVideo.getState().state).toBe('CLOSED');
  });

  it('while someone else presents, sharing asks first (conflict) and changes nothing; CONTINUE shares', () => {
    useMeetingStore.setState({ receivingContent: true });
    expect(shareVideo(video)).toBe('conflict');
    expect(sharedVideo.getState().conflict?.video.id).toBe(video.id);
    expect(doc().media.foregroundVideo).toBeNull();
    expect(self().audioMute).toBe(false);
    continueSharing();
    expect(doc().media.foregroundVideo?.id).toBe(video.id);
    expect(sharedVideo.getState().conflict).toBeNull();
    expect(self().audioMute).toBe(true);
  });

  it('CANCEL in the conflict leaves everything as it was', () => {
    useMeetingStore.setState({ receivingContent: true });
    shareVideo(video);
    sharedVideo.cancelConflict();
    expect(sharedVideo.getState()).toMatchObject({ conflict: null, state: 'CLOSED' });
    expect(doc().media.foregroundVideo).toBeNull();
  });
});

describe('a shared video that ends with loop off never stands frozen on air', () => {
  const end = () => sharedVideoElement()!.dispatchEvent(new Event('ended'));

  it('leaves the program by default: off the channel, the share closed', () => {
    shareVideo(video);
    end();
    expect(doc().media.foregroundVideo).toBeNull();
    expect(sharedVideo.getState().state).toBe('CLOSED');
  });

  it('holds its last frame when that video says so (the choice is remembered per video)', () => {
    setVideoEnd(video.id, 'hold');
    expect(JSON.parse(localStorage.getItem('videoEndHold')!)).toEqual([video.id]);
    shareVideo(video);
    end();
    expect(doc().media.foregroundVideo).toEqual(video);
    expect(sharedVideo.getState()).toMatchObject({ state: 'PAUSED', replayable: true });
    expect(videoEndOf('another-video')).toBe('leave');
  });

  it('with loop on, it starts again whatever the choice (§4)', () => {
    shareVideo(video);
    sharedVideo.setLoop(true);
    end();
    expect(doc().media.foregroundVideo).toEqual(video);
    expect(sharedVideo.getState()).toMatchObject({ state: 'PAUSED', seekSec: 0, replayable: false });
  });
});
