/** The audience's side of the studio backend (issue 32, CONTRACT.md "Audience"): what the attendee's page reads. */

export interface AttendeePage {
  eventId: string;
  title: string;
  requireEmail: boolean;
  chatEnabled: boolean;
  qnaEnabled: boolean;
  one2OneModChat: boolean;
  /** Who this browser is in the event, if it joined. */
  attendee: AttendeeSelf | null;
  /** This browser was removed by a moderator. */
  removed: boolean;
}

export interface AttendeeSelf {
  id: string;
  name: string;
}

export type AttendeeChatTarget = 'public' | 'moderators';

/** A poll as an attendee sees it: its results once they voted, or once it ended. */
export interface AudiencePoll {
  pollGuid: string;
  question: string;
  options: { optionNumber: number; option: string }[];
  status: 'ACTIVE' | 'DONE';
  /** This attendee's option, once they voted. */
  myVote: number | null;
  results: { option: string; votes: number }[] | null;
}
