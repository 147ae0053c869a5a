/** The §7 clients of backend mode, made once from config.json's addresses and the tokens. */
import { assetClient, cmsClient } from '../../api/assets';
import { channelClient } from '../../api/channel';
import { eventClient } from '../../api/events';
import { liveClient } from '../../api/live';
import { tokenExchangeClient } from '../../api/tokenExchange';
import { userManagerClient } from '../../api/userManager';
import type { ServiceAddresses } from '../../config';
import { tokens } from './tokens';

export function createClients(services: ServiceAddresses) {
  return {
    services,
    users: userManagerClient(services.userManager, tokens.user),
    exchange: tokenExchangeClient(services.tokenExchange, tokens.user),
    events: eventClient({ base: services.eventApi, userToken: tokens.user, eventToken: tokens.event }),
    channels: channelClient(services.studioApi, tokens.user),
    live: liveClient(services.studioApi, tokens.user),
    assets: assetClient(services.assetApi, tokens.user),
    cms: cmsClient(services.cms, tokens.user),
  };
}
export type Clients = ReturnType<typeof createClients>;
