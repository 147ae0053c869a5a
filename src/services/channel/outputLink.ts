/**
 * The output page's link (§ output page), for a capture or playout machine: backend mode rotates the
 * channel's read-only output token, so handing out a new link revokes the old one; the demo's output
 * page needs none (it follows this browser's studio tabs).
 */
import { backend, type ReadOnlyLink } from '../../state/backend';
import { useMeetingStore } from '../../state/meetingStore';
import { BASE_PATH } from '../../config';

export async function createOutputLink(origin = location.origin): Promise<string> {
  const page = new URL(`${BASE_PATH}output`, origin);
  const uuid = useMeetingStore.getState().channel?.uuid;
  if (!uuid) throw new Error('No channel is open');
  const token = await backend().channel.rotateOutputToken(uuid);
  if (token === null) return page.href;
  page.searchParams.set('channel', uuid);
  page.searchParams.set('token', token);
  return page.href;
}

/** The output page's parameters (`?channel={uuid}&token={outputToken}`), or null. */
export function outputLinkParams(search = location.search): ReadOnlyLink | null {
  const params = new URLSearchParams(search);
  const channel = params.get('channel');
  const token = params.get('token');
  return channel ? { channel, token: token ?? '' } : null;
}
