// The limit of a relayed match: a raw ws server where a socket's first message names its room and every
// later one is relayed as it came to the others in that room (no parsing, no envelope, no checks).
import { WebSocketServer, type WebSocket } from 'ws';

const rooms = new Map<string, Set<WebSocket>>();
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
wss.on('connection', (ws) => {
  let room: Set<WebSocket> | undefined;
  ws.on('close', () => room?.delete(ws));
  ws.on('message', (data, isBinary) => {
    if (!room) {
      const name = data.toString();
      room = rooms.get(name) ?? new Set();
      rooms.set(name, room);
      room.add(ws);
      ws.send('joined');
      return;
    }
    const frame = isBinary ? data : data.toString();
    for (const c of room) if (c !== ws) c.send(frame);
  });
});
wss.on('listening', () => {
  const { port } = wss.address() as { port: number };
  console.log(JSON.stringify({ port, pid: process.pid }));
});
process.on('SIGTERM', () => wss.close(() => process.exit(0)));
