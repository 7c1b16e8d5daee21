// A plain HTTP server on 127.0.0.1 for stand-ins of outside services: a handler gets the request and its
// whole body; close() also cuts connections kept alive.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type LoopbackHandler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void | Promise<void>;

export interface Loopback {
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startLoopback(handler: LoopbackHandler): Promise<Loopback> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      Promise.resolve(handler(req, Buffer.concat(chunks).toString('utf8'), res)).catch((err: Error) => {
        if (!res.headersSent) sendJson(res, 500, { error: err.message });
        else res.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
