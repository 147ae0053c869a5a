/** §5: the browser must be Chrome or Edge; mobile devices are refused. */

export type PlatformVerdict = 'supported' | 'mobile' | 'unsupported-browser';

const MOBILE = /Android|iPhone|iPad|iPod|Mobile|Windows Phone|BlackBerry|Opera Mini|IEMobile/i;
/** Chromium forks that carry "Chrome/" in their user agent but are not Chrome or Edge. */
const OTHER_CHROMIUM = /OPR\/|Opera|SamsungBrowser|YaBrowser|Vivaldi|UCBrowser|Brave/i;
const CHROME_OR_EDGE = /(?:Headless)?Chrome\/\d+|Edg\/\d+/;

export function platformVerdict(userAgent: string, maxTouchPoints = 0): PlatformVerdict {
  // iPadOS reports a desktop Safari user agent; touch points give it away.
  const iPadDesktopMode = /Macintosh/.test(userAgent) && maxTouchPoints > 1;
  if (MOBILE.test(userAgent) || iPadDesktopMode) return 'mobile';
  if (!CHROME_OR_EDGE.test(userAgent) || OTHER_CHROMIUM.test(userAgent) || /Firefox|FxiOS/.test(userAgent)) return 'unsupported-browser';
  return 'supported';
}
