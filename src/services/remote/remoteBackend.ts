/**
 * The studio on the services of §7 (backend mode): the Backend port over the REST clients and the
 * two sockets, with the sign-in that comes before it. Made once at start-up from config.json.
 */
import type { ServiceAddresses } from '../../config';
import type { Backend } from '../../state/backend';
import { createAuth } from './auth';
import { createServerAssets } from './assetService';
import { createServerQna, serverChat, serverPeople, serverPolls } from './audienceServices';
import { createServerChannel } from './channelService';
import { createServerRundown } from './rundownService';
import { createClients } from './clients';
import { peekJoin } from './joined';
import { createSharedVideoCalls } from './sharedVideoCalls';
import { createLiveMeeting } from './liveMeeting';
import { createServerLive } from './liveService';
import { createServerSession, selfWireId } from './remoteSession';

export function createServerBackend(services: ServiceAddresses, flags: { disablePtSequinCheck: boolean; meeting: boolean }) {
  const clients = createClients(services);
  const auth = createAuth({ clients, disablePtSequinCheck: flags.disablePtSequinCheck });
  const live = createServerLive(clients.live);
  const { session, sockets } = createServerSession({ clients, auth, onLiveStatus: live.receiveStatus, onStudioReconnected: live.resync });
  const backend: Backend = {
    session,
    channel: createServerChannel({
      channels: clients.channels,
      studioApi: services.studioApi,
      sockets,
      selfWireId: () => selfWireId(peekJoin()?.user ?? session.currentUser()),
    }),
    rundown: createServerRundown({ channels: clients.channels, sockets }),
    chat: serverChat,
    polls: serverPolls,
    qna: createServerQna(clients.events),
    people: serverPeople,
    assets: createServerAssets({ assets: clients.assets }),
    meeting: {
      // Levels are sampled from the received feeds by the live meeting, straight into the levels store.
      subscribeAudioLevels: () => () => undefined,
      live: createLiveMeeting({ clients, available: flags.meeting, sockets }),
      reportSharedVideo: createSharedVideoCalls(clients.channels),
      startAudience(_info, dispatch) {
        sockets()?.setDispatch(dispatch);
        return () => sockets()?.setDispatch(null);
      },
    },
    live,
  };
  return { backend, auth, session, clients };
}
export type ServerBackend = ReturnType<typeof createServerBackend>;
