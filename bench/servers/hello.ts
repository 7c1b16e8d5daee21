// The limit of HTTP on this machine: a bare node:http server answering hello world.
import http from 'node:http';

const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '11' });
  res.end('hello world');
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(JSON.stringify({ port, pid: process.pid }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
