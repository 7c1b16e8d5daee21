// The one place that builds the backend client: same origin as the page, server key from the build.
import { Client } from '@heroiclabs/nakama-js';
import { REQUEST_TIMEOUT_MS, SERVER_KEY } from './http.ts';

export type { ChannelMessage, ChannelMessageList, Notification, Session } from '@heroiclabs/nakama-js';
export { Session as NakamaSession } from '@heroiclabs/nakama-js';


function origin(): { host: string; port: string; ssl: boolean } {
  const ssl = location.protocol === 'https:';
  return { host: location.hostname, port: location.port || (ssl ? '443' : '80'), ssl };
}

const o = origin();
// Refreshing is the session manager's job (it persists the new tokens), so the client never refreshes by itself.
export const client = new Client(SERVER_KEY, o.host, o.port, o.ssl, REQUEST_TIMEOUT_MS, false);
