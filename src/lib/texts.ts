/**
 * Every user-visible text the SPEC quotes, verbatim (typos included). Texts the SPEC describes
 * without quoting are ours and marked "ours".
 */
export const TEXTS = {
  // §2 Demo page phases
  errorOccurred: (message: string) => `An error occurred: ${message}`,
  welcomeToStudio: 'Welcome to the studio!',
  connectingToStudio: 'Connecting to Studio…',
  pleaseWaitSetup: 'Please wait a few seconds while we set studio up for you!',
  // §2 Unsupported-device screens
  mobileNotSupported: 'Mobile devices are not supported',
  mobileAsk: 'Please open the studio on a laptop or desktop computer.', // ours
  learnMore: 'Learn More',
  onlyChrome: 'The studio is only supported on Google Chrome', // ours (SPEC describes it)
  onlyChromeDetail: 'Please open this page in Google Chrome or Microsoft Edge to run your event.', // ours
  downloadChrome: 'Download Google Chrome',
  // §2 Studio screen
  exitQuestion: 'Are you sure you want to exit your Studio Dashboard?',
  exitWhileLive:
    'Your current broadcast will end and the event will not be recorded. Are you sure you want to exit your Studio Dashboard?', // ours (SPEC describes it)
  cancel: 'CANCEL',
  dismiss: 'Dismiss', // ours: closes an inline error
  yesExitStudio: 'YES, EXIT STUDIO',
  livestreamStarted: 'LIVESTREAM STARTED',
  livestreamStopped: 'LIVESTREAM STOPPED',
  hideVideoControls: 'Hide Video Controls',
  showVideosControls: 'Show Videos Controls',
  // §8 Device permission dialog
  deviceErrorTitle: "Can't access Camera and Microphone",
  deviceErrorText: 'Please close all other apps using Camera or Microphone and reload this page.',
  reselectDevices: 'RESELECT DEVICES',
  // §8 other catalogue texts used by the foundation
  unknownError: 'Uh oh! An unknown error occurred.',
  // §8 error catalogue
  noPtSequinFeature:
    'Feature "pt_sequin" is required to use Studio. Please ask your administrator to add it to your account and try creating a new event.',
  unableToJoinMeeting: 'Unable to join the Event Meeting!',
  camInUse: 'Camera is invalid',
  destinationError:
    "An error occured while trying to livestream to your destinations. Please make sure you're logged into your social channels, check your destination settings",
  networkLost: 'Your intern connection was lost! Try checking your wifi or mobile data connection.',
  poorNetwork: 'Poor Network Connection - Try to find a better signal to continue using Studio',
  unknownChannel: 'This chanelID doesnt exist !',
  cannotGoLive: (reason: string) => `Cannot go Live: ${reason}`,
  cannotStopLive: (reason: string) => `Cannot stop Live: ${reason}`,
  broadcastFailed: (reason: string) => `The broadcast stopped: ${reason}`, // ours: the capture worker failed (issue 23)
  okay: 'OKAY',
  retry: 'RETRY',
  tryAgain: 'TRY AGAIN',
  quit: 'QUIT',
  // §2 go live
  eventStartingIn: 'Your event is starting in...',
  endStream: 'END STREAM',
  waitingForMeeting: 'Waiting for the Meeting to be connected.',
  // §2 Graphics panel
  noImage: 'No image available! Press “+” to add one.',
  noMedias: 'No medias available! Press “+” to add one.',
  noVideo: 'No video available! Press “+” to add one.',
  noLogo: 'No logo available! Press “+” to add one.',
  showMore: 'Show More',
  showLess: 'Show Less',
  uploadFailed: 'Failed - click to retry!',
  clickToShareVideo: 'Click to start sharing the video',
  videoAboutToStart: 'Video is about to start... You will be muted.',
  clickToReplay: 'Click to replay video',
  tickerCounter: (n: number, max: number) => `${n}/${max} max characters`,
  screenShareConflict: 'Screen Share Conflict',
  continue: 'CONTINUE',
  // ours: a text field's content was cut to its limit (DESIGN: rejected input gets a visible reason)
  cutTo: (max: number) => `Cut to ${max} characters`,
} as const;

/** Registration pop-up (§1, §2): the demo's invitation to try or buy. Texts are ours. */
export const REGISTER_TEXTS = {
  title: 'Like what you see?',
  body: (trialDays: number) =>
    `Going live, recording and inviting guests are part of the full studio. Start your ${trialDays}-day free trial or buy a plan to run your own events.`,
  tryIt: (trialDays: number) => `TRY FREE FOR ${trialDays} DAYS`,
  buy: 'BUY NOW',
} as const;

/**
 * §5 upload validation: the 'Supported formats' texts, verbatim (the stray space in 'Max file size : 20MB'
 * included). §8: file format and size errors show these texts. Background shows two lines.
 */
export const UPLOAD_TEXTS = {
  foregroundImageFormats: 'Supported formats: JPEG, PNG. Max file size: 20MB',
  backgroundImageFormats: 'Supported formats: JPEG, PNG for images. Max file size : 20MB',
  backgroundVideoFormats: 'MP4, OGV, MOV for videos. Max file size: 3MB',
  foregroundVideoFormats: 'Supported formats: MP4, OGV, MOV, WEBM. Max file size: 300MB',
  logoFormats: 'Supported formats: JPEG, PNG. Recommended size 500x500.',
  logoMaxSize: 'Max file size: 1MB',
  /** §5 hint under the background upload. */
  backgroundSizeHint: 'Backgrounds: 1920x1080 recommended',
} as const;
