// The limit of socket fan-out: a raw ws server relaying every message to every connected client.
import { WebSocketServer, type WebSocket } from 'ws';

const clients = new Set<WebSocket>();
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
wss.on('connection', (ws) => {
  clients.add(ws);
  ws.on('close', () => clients.delete(ws));
  ws.on('message', (data, isBinary) => {
    const text = isBinary ? data : data.toString();
    for (const c of clients) c.send(text);
  });
});
wss.on('listening', () => {
  const { port } = wss.address() as { port: number };
  console.log(JSON.stringify({ port, pid: process.pid }));
});
process.on('SIGTERM', () => wss.close(() => process.exit(0)));
