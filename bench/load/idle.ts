// Idle sockets: connects `count` device sessions and holds them until killed.
import WebSocket from 'ws';
import { deviceTokens } from './sessions.ts';

const o = JSON.parse(process.argv[2]) as { port: number; count: number };
const tokens = await deviceTokens(`http://127.0.0.1:${o.port}`, o.count, `idle-${Date.now()}`);
const sockets: WebSocket[] = [];
for (let i = 0; i < o.count; i += 200) {
  sockets.push(
    ...(await Promise.all(
      tokens.slice(i, i + 200).map(
        (t) =>
          new Promise<WebSocket>((resolve, reject) => {
            const ws = new WebSocket(`ws://127.0.0.1:${o.port}/ws?token=${t}&status=true`, { perMessageDeflate: false });
            ws.once('open', () => resolve(ws));
            ws.once('error', reject);
          }),
      ),
    )),
  );
}
console.log(JSON.stringify({ connected: sockets.length }));
process.on('SIGTERM', () => {
  for (const s of sockets) s.terminate();
  process.exit(0);
});
setInterval(() => {}, 1 << 30);
