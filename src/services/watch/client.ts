/** The watch page's one client (issue 23): public, no token. Features reach the API through here. */
import { publicLiveClient, type PublicLiveClient } from '../../api/live';

export const publicWatchClient = (studioApi: string): PublicLiveClient => publicLiveClient(studioApi);
