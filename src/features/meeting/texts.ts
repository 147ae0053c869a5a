/** Texts of the live meeting (backend mode): invite, screen share, and the guest page. */
export const MEETING_TEXTS = {
  shareScreen: 'Share Screen',
  stopSharing: 'Stop sharing',
  shareScreenTip: 'Share a screen, window or tab as a content-share card',
  stopSharingTip: 'Stop sharing your screen',
  inviteGuest: 'Invite Guest',
  inviteTitle: 'Invite a guest',
  inviteBody: 'Anyone with this link can join backstage with their camera and microphone. You decide who goes on air.',
  inviteExpires: (when: string) => `The link works until ${when}.`,
  copy: 'Copy',
  copied: 'Copied!',
  newLink: 'New link',
  newLinkTip: 'Make a new link; the current one stops working at once',
  close: 'Close',
  unavailable: 'Guests and screen share need the media server, which this backend does not run.',
  conflictBody: (name: string) => `${name} is sharing a screen. Continue to stop their share and show yours.`,
  shareFailed: (message: string) => `Your screen could not be shared: ${message}`,
} as const;
