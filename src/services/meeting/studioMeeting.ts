/**
 * The studio's part of the meeting in backend mode (§1 the video-conferencing provider): it joins the
 * event's room as this producer, publishes the camera as sent and the microphone, receives every
 * presenter's feed (cards backstage show moving video; their sound plays here), keeps the cards in
 * step with the roster's presenters (src/state/people/presenterCards.ts), tells the roster this
 * producer's own mutes and share, and shares the screen. A lost media connection is joined again.
 */
import { socketUrl } from '../../realtime/socket';
import { connectJanus, type JanusSession } from '../../realtime/janus';
import type { MeetingJoin } from '../../api/meeting';
import { errorMessage, log } from '../../log';
import { useAudioLevels } from '../../state/audioLevels';
import { edit, useChannelStore } from '../../state/channel/store';
import { usePeopleStore } from '../../state/people/peopleStore';
import { useMeetingStore } from '../../state/meetingStore';
import { cardsForPresenters, screenFeedId } from '../../state/people/presenterCards';
import type { Participant } from '../../state/people/people';
import { SELF_ID } from '../../state/session';
import { useSettingsStore } from '../../state/settingsStore';
import { followLocalTracks, type LocalTracks } from '../media/localMedia';
import { media } from '../media/elements';
import { createFeedMedia } from './feedMedia';
import { joinRoom, type Publication, type RoomMember } from './videoRoom';

/** After a lost media connection, the next join waits this long (doubling up to the max). */
export const MEETING_REJOIN_MIN_MS = 2000;
export const MEETING_REJOIN_MAX_MS = 30_000;

/** This participant's own state as the roster should list it (CONTRACT event socket `state`). */
export interface OwnState {
  audioMute: boolean;
  videoMute: boolean;
  shareScreen: boolean;
}

export interface StudioMeetingDeps {
  join(): Promise<MeetingJoin>;
  displayName(): string;
  /** Sends the own state on the event socket; false when it could not go now. */
  sendState(state: OwnState): boolean;
  /** Soft mute of a guest's mic or camera as they enter (§9 settings). */
  muteOnEnter(guid: string, media: 'audio' | 'video'): void;
  connect?: typeof connectJanus;
}

const QUALITY = { group: 'PRODUCER', action: 'PEOPLE_UPDATE', value: 'callQuality' } as const;
const PRESENCE = { group: 'PRODUCER', action: 'PEOPLE_UPDATE', value: 'presence' } as const;

export function startStudioMeeting(deps: StudioMeetingDeps) {
  const connect = deps.connect ?? connectJanus;
  let stopped = false;
  let session: JanusSession | null = null;
  let member: RoomMember | null = null;
  let publication: Publication | null = null;
  let access: MeetingJoin | null = null;
  let rejoinDelay = MEETING_REJOIN_MIN_MS;
  let rejoinTimer: ReturnType<typeof setTimeout> | undefined;
  let tracks: LocalTracks = { video: null, audio: null };
  let screen: { member: RoomMember; stream: MediaStream } | null = null;

  const selfId = () => access?.participantId ?? '';
  const feeds = createFeedMedia({
    // Every presenter's feed but our own: the cards backstage show them all.
    wanted: (published) => new Set([...published].filter((f) => f !== selfId() && f !== screenFeedId(selfId()))),
    onStream: (feed, stream) => media.stream(feed, stream),
    playsAudio: (feed) => !feed.endsWith('~screen'),
    onLevels: (levels) => useAudioLevels.setState((s) => ({ levels: { ...s.levels, ...levels } })),
    onQuality: (feed, callQuality) =>
      edit(`Network: ${feed}`, QUALITY, (doc) => {
        const card = doc.producers.find((p) => p.id === feed);
        if (card && card.callQuality !== callQuality) card.callQuality = callQuality;
      }, { record: false }),
  });

  // --- the own state on the roster -------------------------------------------------------------
  let sent: OwnState | null = null;
  const ownState = (): OwnState => {
    const self = useChannelStore.getState().doc.producers.find((p) => p.id === SELF_ID);
    return { audioMute: !!self?.audioMute, videoMute: !!self?.videoMute, shareScreen: !!screen };
  };
  const report = () => {
    const state = ownState();
    if (sent && sent.audioMute === state.audioMute && sent.videoMute === state.videoMute && sent.shareScreen === state.shareScreen) return;
    if (deps.sendState(state)) sent = state;
  };

  // --- cards from the roster ---------------------------------------------------------------------
  let lastSelfEntry: Participant | null = null;
  const applyPresenters = (presenters: readonly Participant[]) => {
    if (!access) return;
    const doc = useChannelStore.getState().doc;
    const { producers, entered } = cardsForPresenters(doc.producers, presenters, selfId(), useSettingsStore.getState().settings.automaticAddStreamSharedScreen);
    if (producers !== doc.producers) edit('Presenters', PRESENCE, (d) => void (d.producers = producers as typeof d.producers), { record: false });
    const { settings } = useSettingsStore.getState();
    for (const card of entered) {
      if (settings.muteMicOnGuestEnter) deps.muteOnEnter(card.participantGuid, 'audio');
      if (settings.disableVideoOnGuestEnter) deps.muteOnEnter(card.participantGuid, 'video');
    }
    // What another moderator did to this producer (mute, hard mute, stop sharing) reaches its own card;
    // a new entry (the event socket registered again) is told this producer's state instead.
    const own = presenters.find((p) => p.participantId === selfId()) ?? null;
    if (own && lastSelfEntry?.id === own.id) applyOwnEntry(own, lastSelfEntry);
    lastSelfEntry = own;
    const state = ownState();
    if (own && (own.audioMute !== state.audioMute || own.videoMute !== state.videoMute || !!own.shareScreen !== state.shareScreen)) sent = null;
    report();
  };
  const applyOwnEntry = (own: Participant, before: Participant) => {
    const fields = ['audioMute', 'videoMute', 'audioHardMute', 'videoHardMute'] as const;
    const changed = fields.filter((k) => own[k] !== before?.[k]);
    if (changed.length) {
      edit('Moderated', { group: 'PRODUCER', action: 'TOGGLE_MUTED', id: SELF_ID, value: 'roster' }, (d) => {
        const card = d.producers.find((p) => p.id === SELF_ID);
        if (card) for (const k of changed) card[k] = own[k];
      }, { record: false });
    }
    if (own.contentShareMute && !before.contentShareMute && screen) stopShare();
  };

  // --- joining ------------------------------------------------------------------------------------
  const publishTracks = async () => {
    if (!member || publication || !tracks.video) return;
    const stream = new MediaStream([tracks.video, ...(tracks.audio ? [tracks.audio] : [])]);
    try {
      publication = await member.publish(stream);
    } catch (error) {
      log.warn('meeting', `could not publish the camera: ${errorMessage(error)}`);
    }
  };
  const onTracks = (next: LocalTracks) => {
    const before = tracks;
    tracks = next;
    if (!publication) return void publishTracks();
    if (next.video !== before.video) void publication.replaceTrack('video', next.video);
    if (next.audio !== before.audio) void publication.replaceTrack('audio', next.audio);
  };

  const scheduleRejoin = () => {
    if (stopped) return;
    feeds.detach();
    publication = null;
    member = null;
    stopShare(); // a share does not survive its room
    clearTimeout(rejoinTimer);
    rejoinTimer = setTimeout(() => void join(), rejoinDelay);
    rejoinDelay = Math.min(MEETING_REJOIN_MAX_MS, rejoinDelay * 2);
  };

  async function join(): Promise<void> {
    try {
      access = await deps.join();
      const s = await connect(socketUrl(access.meeting.url), access.meeting.token);
      if (stopped) return s.destroy();
      session = s;
      s.onLost(() => {
        log.warn('meeting', 'the media connection was lost; joining again');
        scheduleRejoin();
      });
      member = await joinRoom(s, access.meeting, access.participantId, deps.displayName(), {
        added: feeds.added,
        removed: feeds.removed,
        ended: (reason) => log.warn('meeting', `left the room: ${reason}`),
      });
      feeds.attach(member);
      rejoinDelay = MEETING_REJOIN_MIN_MS;
      await publishTracks();
      applyPresenters(usePeopleStore.getState().presenters);
    } catch (error) {
      log.warn('meeting', `could not join the meeting: ${errorMessage(error)}`);
      session?.destroy();
      session = null;
      scheduleRejoin();
    }
  }

  // --- screen share -------------------------------------------------------------------------------
  async function shareScreen(stream: MediaStream): Promise<void> {
    if (!session || !access) throw new Error('The meeting is not connected yet');
    const id = screenFeedId(access.participantId);
    const screenMember = await joinRoom(session, access.meeting, id, deps.displayName(), { added: () => undefined, removed: () => undefined });
    await screenMember.publish(stream);
    screen = { member: screenMember, stream };
    media.stream(id, stream);
    useMeetingStore.setState({ sharingLocalContent: true });
    // The browser's own "Stop sharing" ends the track.
    stream.getVideoTracks()[0]?.addEventListener('ended', () => screen?.stream === stream && stopShare());
    report();
  }
  function stopShare(): void {
    if (!screen) return;
    const { member: m, stream } = screen;
    screen = null;
    stream.getTracks().forEach((t) => t.stop());
    m.leave();
    if (access) media.stream(screenFeedId(access.participantId), null);
    useMeetingStore.setState({ sharingLocalContent: false });
    report();
  }

  const unfollowTracks = followLocalTracks(onTracks);
  const unfollowPeople = usePeopleStore.subscribe((s, prev) => s.presenters !== prev.presenters && applyPresenters(s.presenters));
  const unfollowStage = useChannelStore.subscribe((s, prev) => s.doc !== prev.doc && report());
  void join();

  return {
    shareScreen,
    stopShare,
    /** Someone else is sharing now (a presenter other than this producer): the conflict of §4. */
    otherSharer: (): Participant | null => usePeopleStore.getState().presenters.find((p) => p.shareScreen && !p.contentShareMute && p.participantId !== selfId()) ?? null,
    stop(): void {
      stopped = true;
      clearTimeout(rejoinTimer);
      unfollowTracks();
      unfollowPeople();
      unfollowStage();
      stopShare();
      feeds.stop();
      member?.leave();
      session?.destroy();
    },
  };
}
export type StudioMeeting = ReturnType<typeof startStudioMeeting>;
