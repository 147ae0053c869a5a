/** The public watch page's address (issue 23): the server's path on this studio's origin. */
import type { LiveInfo } from '../../state/live/types';

export const watchPageUrl = (info: Pick<LiveInfo, 'watchPath'>, origin: string = location.origin): string => new URL(info.watchPath, origin).href;
