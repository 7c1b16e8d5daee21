// Requests the HTTP parser refused (a head too large or malformed) or that timed out before their head was
// read: they never reach a handler, so they are answered here, in the error envelope all the same.
import type { Duplex } from 'node:stream';
import { Code } from '../errors.ts';

/** The status line, gRPC code and message of a request the HTTP parser refused or timed out. */
function clientErrorAnswer(errCode: string | undefined): [string, number, string] {
  if (errCode === 'ERR_HTTP_REQUEST_TIMEOUT') return ['408 Request Timeout', Code.DeadlineExceeded, 'Request head not received in time.'];
  if (errCode === 'HPE_HEADER_OVERFLOW') return ['431 Request Header Fields Too Large', Code.InvalidArgument, 'Request line and headers too large.'];
  return ['400 Bad Request', Code.InvalidArgument, 'Malformed HTTP request.'];
}

/** The server's 'clientError' listener: the answer, then the connection closed. */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [status, code, message] = clientErrorAnswer(err.code);
  const body = JSON.stringify({ code, message });
  socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
