import { eventFacts } from '@/lib/stream/event-facts';
import { serviceConnection } from './service-client';
import { StreamHub } from './stream-hub';

/** The worker's one stream hub. Constructing it touches no browser API. */
export const hub = new StreamHub({
  caller: async (serverId) => {
    const connection = await serviceConnection(serverId);
    return { ...connection, caller: connection.client };
  },
  facts: eventFacts,
});
