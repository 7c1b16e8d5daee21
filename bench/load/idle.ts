// Idle sockets: connects one socket per session token (a JSON array in a file) and holds them until killed.
// The sessions are made beforehand, so the server's memory is measured around the sockets alone.
import fs from 'node:fs';
import WebSocket from 'ws';

const o = JSON.parse(process.argv[2]) as { port: number; tokensFile: string };
const tokens = JSON.parse(fs.readFileSync(o.tokensFile, 'utf8')) as string[];
const sockets: WebSocket[] = [];
for (let i = 0; i < tokens.length; i += 200) {
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
