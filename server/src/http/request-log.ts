// A request's id, and the one line logged when it is answered.
import crypto from 'node:crypto';
import type http from 'node:http';
import type { Logger } from '../log.ts';
import type { Incoming } from './body.ts';

/** An X-Request-Id taken as it comes: bounded, and nothing a log line or a header could be bent by. */
const GIVEN_REQUEST_ID = /^[\w.:-]{1,64}$/;
/** Ids made here: this process's random prefix and a counter (unique without a random draw per request). */
const ID_PREFIX = crypto.randomBytes(6).toString('base64url');
let idCount = 0;

export function requestId(req: http.IncomingMessage): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && GIVEN_REQUEST_ID.test(given)) return given;
  return `${ID_PREFIX}-${(++idCount).toString(36)}`;
}

export type RequestLine = (req: Incoming, res: http.ServerResponse, start: number) => void;

/**
 * Writes a request's line at info (start: performance.now() when it came); undefined when the level leaves
 * requests out, so that a request then costs one check and nothing more.
 */
export function requestLogger(logger: Logger): RequestLine | undefined {
  if (logger.isLevelEnabled?.('info') === false) return undefined;
  return (req, res, start) => {
    logger.info('request', {
      reqId: req.reqId,
      method: req.method,
      route: req.route?.path ?? '(none)',
      status: res.statusCode,
      ms: Math.round((performance.now() - start) * 100) / 100,
      uid: req.uid,
    });
  };
}
