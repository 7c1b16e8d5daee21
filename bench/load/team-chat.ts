// Team chat by RPC: a team whose chat has `members` members (the owner and members - 1 others), every
// other member's socket joined to the chat's group channel, and the owner sending messages with the
// portal's send_message RPC over HTTP. Delivered messages per second and the delivery latency of each
// message (its send time leads the text). Throughput: `window` RPCs in flight; latency: `rate` a second.
import WebSocket from 'ws';
import { profileWindow } from './profile-window.ts';
import { Deliveries, now, open, request } from './socket.ts';

const o = JSON.parse(process.argv[2]) as {
  port: number;
  members: number;
  messages: number;
  window: number;
  rate?: number;
  /** With --profile: the server's profile of the sending phase, written here. */
  profileFile?: string;
  /** Accounts are `<prefix>-<n>@bench.local`; each run makes a team of its own. */
  prefix: string;
};
const base = `http://127.0.0.1:${o.port}`;
const HTTP_KEY = 'defaulthttpkey';

async function rpc<T>(id: string, input: object, token?: string): Promise<T> {
  const url = token ? `${base}/v2/rpc/${id}` : `${base}/v2/rpc/${id}?http_key=${HTTP_KEY}`;
  const res = await fetch(url, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: JSON.stringify(JSON.stringify(input)),
  });
  if (!res.ok) throw new Error(`${id}: ${res.status} ${await res.text()}`);
  const { payload } = (await res.json()) as { payload?: string };
  return JSON.parse(payload || 'null') as T;
}

// The team, its chat and its members.
const users = await rpc<{ userId: string; token: string }[]>('bench_users', { prefix: o.prefix, count: o.members });
const owner = users[o.members - 1];
const others = users.slice(0, o.members - 1);
const team = await rpc<{ id: string }>('create_team', { name: `Сборная ${o.prefix}` }, owner.token);
const { chats } = await rpc<{ chats: { id: string; team_id: string | null; channel: { type: number; target: string } }[] }>('list_chats', {}, owner.token);
const chat = chats.find((c) => c.team_id === team.id);
if (!chat) throw new Error('no team chat');
await rpc('bench_group_add', { groupId: chat.channel.target, userIds: others.map((u) => u.userId) });

const receivers: WebSocket[] = [];
for (let i = 0; i < others.length; i += 100) {
  const batch = await Promise.all(others.slice(i, i + 100).map((u) => open(`ws://127.0.0.1:${o.port}/ws?token=${u.token}`)));
  await Promise.all(batch.map((ws) => request(ws, 'join', { channel_join: { target: chat.channel.target, type: 3, persistence: true, hidden: true } })));
  receivers.push(...batch);
}

const deliveries = new Deliveries(receivers.length * o.messages);

// Receivers read only the send time that leads the text (`"content":"{\"text\":\"<t> ...`).
const MARK = 'text\\":\\"';
function onFrame(data: WebSocket.RawData): void {
  const s = data.toString();
  const i = s.indexOf(MARK);
  if (i === -1 || !s.startsWith('{"channel_message"')) return;
  const start = i + MARK.length;
  deliveries.record(Number(s.slice(start, s.indexOf(' ', start))));
}
for (const r of receivers) r.on('message', onFrame);

let failed = 0;
const sendOne = (i: number) =>
  rpc('send_message', { chat_id: chat.id, content: `${now()} Гол! Счёт 1:0 (${i})` }, owner.token)
    .catch(() => void failed++);
const stopProfile = await profileWindow(base, o.profileFile);
if (o.rate) {
  const interval = 1000 / o.rate;
  for (let i = 0; i < o.messages; i++) {
    void sendOne(i);
    await new Promise((r) => setTimeout(r, interval));
  }
} else {
  let next = 0;
  await Promise.all(Array.from({ length: o.window }, async () => {
    while (next < o.messages) await sendOne(next++);
  }));
}
await deliveries.settled();
await stopProfile();
console.log(JSON.stringify(deliveries.summary({ failed })));
for (const r of receivers) r.terminate();
process.exit(0);
