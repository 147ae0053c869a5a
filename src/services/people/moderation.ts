/**
 * The moderator's actions on people (§2 participant menu and People panel; §7 Moderator actions).
 * An action on a presenter edits the producer card at once, as before (undoable, saved with the channel), then
 * makes the call; if the call fails what it changed is put back (§8: state stays consistent). An
 * attendee's removal is the same with the people store's list.
 */
import type { Draft } from 'immer';
import type { ProducerCard } from '../../../compositor/model/types';
import { log } from '../../log';
import { backend } from '../../state/backend';
import { describeFailure } from '../audience/failure';
import { peopleActions } from '../../state/people/peopleStore';
import type { ChannelDoc } from '../../../compositor/model/channel';
import { stageActions } from '../../state/channel/stageActions';
import { edit, useChannelStore } from '../../state/channel/store';
import { SELF_ID } from '../../state/session';
import { info } from '../show/alerts';
import type { MuteMode } from '../../state/people/service';

type Media = 'audio' | 'video';

/** What the moderator is told about raised hands (issue 32; SPEC quotes none). */
export const HAND_TEXTS = {
  invited: (name: string) => `${name} is invited on stage: their page offers “Join backstage”.`,
  notInvited: (name: string, why: string) => `${name} could not be invited on stage: ${why}`,
  notLowered: (name: string, why: string) => `${name}’s hand could not be lowered: ${why}`,
} as const;
const MUTE_FIELDS = ['audioMute', 'videoMute', 'audioHardMute', 'videoHardMute'] as const;

const cards = () => useChannelStore.getState().doc.producers;
const cardOf = (id: string) => cards().find((p) => p.id === id);

/** §4 Mute modes: what the participant's media is after the edit. */
function modeOf(card: ProducerCard, media: Media): MuteMode {
  if (media === 'audio') return card.audioHardMute ? 'HARD_MUTE' : card.audioMute ? 'SOFT_MUTE' : 'UNMUTE';
  return card.videoHardMute ? 'HARD_MUTE' : card.videoMute ? 'SOFT_MUTE' : 'UNMUTE';
}

/** Makes the call; if it fails, logs and applies `rollback` (saved, but not an undo entry). */
function confirm(what: string, call: () => Promise<void>, rollback: (doc: Draft<ChannelDoc>) => void): void {
  Promise.resolve()
    .then(call)
    .catch((e: unknown) => {
      log.warn('people', `${what} failed: ${describeFailure(e)}`);
      edit(`Rolled back: ${what}`, { group: 'PRODUCER', action: 'PEOPLE_UPDATE', value: 'rollback' }, rollback, { record: false });
    });
}

/** Puts back the given fields of these cards, leaving whatever else changed meanwhile. */
const putBack =
  (before: readonly ProducerCard[], fields: readonly (keyof ProducerCard)[]) =>
  (doc: Draft<ChannelDoc>): void => {
    for (const old of before) {
      const card = doc.producers.find((p) => p.id === old.id);
      if (card) for (const f of fields) (card as Record<string, unknown>)[f] = old[f];
    }
  };

/** A card edit, then the call its result implies; false if the stage refused the edit. */
function onCard(id: string, what: string, fields: readonly (keyof ProducerCard)[], apply: () => boolean, call: (after: ProducerCard) => Promise<void>): boolean {
  const before = cardOf(id);
  if (!before || !apply()) return false;
  const after = cardOf(id)!;
  confirm(`${what}: ${before.name}`, () => call(after), putBack([before], fields));
  return true;
}

export const moderatorActions = {
  rename: (id: string, name: string): boolean =>
    onCard(id, 'Rename', ['name'], () => stageActions.rename(id, name), (c) => backend().people.rename(c.participantGuid, c.name)),

  /** One's own mic and camera are local media (as in the control bar); others' go through the call. */
  toggleMute: (id: string, media: Media): boolean =>
    id === SELF_ID
      ? stageActions.toggleMute(id, media)
      : onCard(id, 'Mute', MUTE_FIELDS, () => stageActions.toggleMute(id, media), (c) => backend().people.muteEndpoint(c.participantGuid, media, modeOf(c, media))),

  /** Disable / enable (hard mute). */
  toggleHardMute: (id: string, media: Media): boolean =>
    onCard(id, 'Disable', MUTE_FIELDS, () => stageActions.toggleHardMute(id, media), (c) => backend().people.muteEndpoint(c.participantGuid, media, modeOf(c, media))),

  toggleNoiseCancellation: (id: string): boolean =>
    onCard(id, 'Noise cancellation', ['voiceProcessing'], () => stageActions.toggleNoiseCancellation(id), (c) => backend().people.voiceProcessing(c.participantGuid, !!c.voiceProcessing)),

  /** §4 Mute All / Unmute All of the presenters: one call for all. */
  muteAll(mute: boolean, exceptId: string): boolean {
    const before = cards();
    if (!stageActions.muteAll(mute, exceptId)) return false;
    confirm(mute ? 'Mute all' : 'Unmute all', () => backend().people.muteAll(mute), putBack(before, ['audioMute']));
    return true;
  },

  /** §2 Remove presenter (the stage refuses self and moderators); back in its place if the call fails. */
  removePresenter(id: string): boolean {
    const index = cards().findIndex((p) => p.id === id);
    const before = cards()[index];
    if (!before || !stageActions.remove(id)) return false;
    // A removed presenter is gone from the meeting at once, not after the roster's 5 s of absence.
    const presenter = peopleActions.forgetPresenter(before.participantGuid);
    confirm(`Remove: ${before.name}`, () => backend().people.kickOut('presenter', before.participantGuid), (doc) => {
      if (presenter) peopleActions.restorePresenter(presenter);
      if (!doc.producers.some((p) => p.id === id)) doc.producers.splice(Math.min(index, doc.producers.length), 0, before as Draft<ProducerCard>);
    });
    return true;
  },

  /** Issue 32: a raised hand lowered (an invitation on stage withdrawn): off the list now, back if the call fails. */
  async lowerHand(id: string, name: string): Promise<boolean> {
    const rollback = peopleActions.takeDownHand(id);
    try {
      await backend().people.lowerHand(id);
      return true;
    } catch (e) {
      rollback?.();
      info(HAND_TEXTS.notLowered(name, describeFailure(e)));
      return false;
    }
  },

  /** Issue 32: "Invite on stage": the attendee's page offers "Join backstage"; the list marks them invited when the server says so. */
  async inviteOnStage(id: string, name: string): Promise<boolean> {
    try {
      await backend().people.inviteOnStage(id);
      info(HAND_TEXTS.invited(name));
      return true;
    } catch (e) {
      info(HAND_TEXTS.notInvited(name, describeFailure(e)));
      return false;
    }
  },

  /** Remove guest (§2): the kick-out call; the attendee is back in place if it fails. */
  async removeAttendee(id: string): Promise<boolean> {
    const removal = peopleActions.takeOutAttendee(id);
    if (!removal) return false;
    try {
      await backend().people.kickOut('attendee', id);
      return true;
    } catch (e) {
      log.warn('people', `kick out of ${removal.attendee.name} failed: ${describeFailure(e)}`);
      removal.rollback();
      return false;
    }
  },
};
