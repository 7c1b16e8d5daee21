// Channel ids and the streams behind them: a room by name, a group's channel, the direct channel of two
// users (its stream names the smaller user id first). An id is the stream's four parts joined by dots.
import { invalid } from '../errors.ts';
import { stream, StreamMode, type Stream } from '../realtime/tracker.ts';
import { isUuid } from '../tokens.ts';

export const ChannelType = { Room: 1, Dm: 2, Group: 3 } as const;

const NO_CONTROL = /\p{Cc}/u;

export function channelId(s: Stream): string {
  return `${s.mode}.${s.subject}.${s.subcontext}.${s.label}`;
}

/** The stream of a channel id; anything not built by channelId() is an InvalidArgument. */
export function parseChannelId(id: string): Stream {
  const bad = () => invalid('Invalid channel identifier.');
  if (typeof id !== 'string' || id.length > 200) throw bad();
  const a = id.indexOf('.');
  const b = id.indexOf('.', a + 1);
  const c = id.indexOf('.', b + 1);
  if (a === -1 || b === -1 || c === -1) throw bad();
  const mode = Number(id.slice(0, a));
  const s = stream(mode, id.slice(a + 1, b), id.slice(b + 1, c), id.slice(c + 1));
  if (mode === StreamMode.Channel) {
    if (s.subject || s.subcontext || !validRoomName(s.label)) throw bad();
  } else if (mode === StreamMode.Group) {
    if (!isUuid(s.subject) || s.subcontext || s.label) throw bad();
  } else if (mode === StreamMode.Dm) {
    if (!isUuid(s.subject) || !isUuid(s.subcontext) || s.subject >= s.subcontext || s.label) throw bad();
  } else {
    throw bad();
  }
  return s;
}

/**
 * The stream of a channel_join target as seen by userId, checked for form only (group membership, the
 * other user's existence and blocks are join's to check).
 */
export function targetStream(type: number, target: string, userId: string): Stream {
  if (type === ChannelType.Room) {
    if (!validRoomName(target)) throw invalid('Invalid room name: 1 to 64 characters, no control characters.');
    return stream(StreamMode.Channel, '', '', target);
  }
  if (type === ChannelType.Group) {
    if (!isUuid(target)) throw invalid('Invalid group identifier.');
    return groupStream(target);
  }
  if (type === ChannelType.Dm) {
    if (!isUuid(target)) throw invalid('Invalid user identifier.');
    if (target === userId) throw invalid('Cannot start a direct chat with yourself.');
    return dmStream(userId, target);
  }
  throw invalid('Unknown channel type: 1 room, 2 direct message, 3 group.');
}

function validRoomName(name: string): boolean {
  const n = [...name].length;
  return n >= 1 && n <= 64 && !NO_CONTROL.test(name);
}

export function groupStream(groupId: string): Stream {
  return stream(StreamMode.Group, groupId);
}

function dmStream(a: string, b: string): Stream {
  return a < b ? stream(StreamMode.Dm, a, b) : stream(StreamMode.Dm, b, a);
}
