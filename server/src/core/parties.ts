// Parties: a leader and members (max_size counts the leader), open or closed to joins without the
// leader's acceptance. A party lives on the node that made it ("<uuid>.<node>"); sessions anywhere reach
// it through the bus's "party" service. Members are presences on the party's stream (mode 7), whose
// changes become party_presence_events; a member whose socket closes leaves. Any change of members
// ends the party's matchmaking.
import crypto from 'node:crypto';
import { presenceMsg, put, putInt64, type Msg } from '../encode.ts';
import { AppError, Code, invalid, notFound } from '../errors.ts';
import type { Bus } from '../realtime/bus.ts';
import { stream, StreamMode, type Stream } from '../realtime/tracker.ts';
import { checkData, isConnected, wirePresence, type MatchSession, type WirePresence } from './matches.ts';
import type { Matchmaker, TicketInput } from './matchmaker.ts';
import { isUuid } from '../tokens.ts';

const PARTY_SERVICE = 'party';

export type PartyTicketInput = Omit<TicketInput, 'presences' | 'partyId'>;

/** A request as a caller writes it: the party id is added from the id it names. */
type Unaddressed<T> = T extends unknown ? Omit<T, 'partyId'> : never;

/** Requests of the "party" service, on the party's node; `presence` is the caller's. */
export type PartyRequest =
  | { op: 'join' | 'leave' | 'close' | 'requests'; partyId: string; presence: WirePresence }
  | { op: 'left'; partyId: string; presences: WirePresence[] }
  | { op: 'promote' | 'accept' | 'remove'; partyId: string; presence: WirePresence; target: WirePresence }
  | { op: 'data'; partyId: string; presence: WirePresence; opCode: string; data: string }
  | { op: 'matchmakerAdd'; partyId: string; presence: WirePresence; ticket: PartyTicketInput }
  | { op: 'matchmakerRemove'; partyId: string; presence: WirePresence; ticket: string };

interface Party {
  id: string;
  stream: Stream;
  open: boolean;
  maxSize: number;
  leader: WirePresence;
  /** In order of joining: the oldest member leads when the leader leaves. */
  members: Map<string, WirePresence>;
  requests: Map<string, WirePresence>;
}

const userPresenceMsg = (p: WirePresence) => presenceMsg(p);

/** The stream of a party id ("<uuid>.<node>"), or undefined. */
function partyStream(partyId: unknown): Stream | undefined {
  if (typeof partyId !== 'string') return undefined;
  const dot = partyId.indexOf('.');
  const id = partyId.slice(0, dot);
  const node = partyId.slice(dot + 1);
  if (dot === -1 || !isUuid(id) || !/^[A-Za-z0-9_-]{1,64}$/.test(node)) return undefined;
  return stream(StreamMode.Party, id.toLowerCase(), '', node);
}

const partyIdOf = (s: Stream) => `${s.subject}.${s.label}`;

export class Parties {
  private readonly parties = new Map<string, Party>();
  private readonly bus: Bus;
  private readonly matchmaker: Matchmaker;

  constructor(bus: Bus, matchmaker: Matchmaker) {
    this.bus = bus;
    this.matchmaker = matchmaker;
    bus.serve(PARTY_SERVICE, async (request) => this.handle(request as PartyRequest));
    bus.onPresence((s, joins, leaves) => {
      if (s.mode !== StreamMode.Party) return;
      const event: Msg = { party_id: partyIdOf(s) };
      put(event, 'joins', joins.map(userPresenceMsg));
      put(event, 'leaves', leaves.map(userPresenceMsg));
      bus.sendToStream(s, { party_presence_event: event });
      // A closed socket's presence is gone: its party, wherever it is, loses the member.
      if (leaves.length) {
        const request: PartyRequest = { op: 'left', partyId: partyIdOf(s), presences: leaves.map(wirePresence) };
        bus.call(s.label, PARTY_SERVICE, request).catch(() => {});
      }
    });
  }

  /** Creates a party on this node, led by the caller. */
  create(session: MatchSession, open: boolean, maxSize: number): Msg {
    if (!Number.isInteger(maxSize) || maxSize < 1 || maxSize > 256) throw invalid('Invalid party max size, must be 1-256.');
    const s = stream(StreamMode.Party, crypto.randomUUID(), '', this.bus.node);
    const leader = wirePresence({ ...session, sessionId: session.id });
    const party: Party = { id: partyIdOf(s), stream: s, open, maxSize, leader, members: new Map([[session.id, leader]]), requests: new Map() };
    this.parties.set(party.id, party);
    this.bus.presences.track(session.id, s, session.userId, { username: session.username });
    return this.partyMsg(party, leader);
  }

  /** Sends a request to the party's node. */
  async call(partyId: string, request: Unaddressed<PartyRequest>): Promise<unknown> {
    const s = partyStream(partyId);
    if (!s) throw invalid('Invalid party ID.');
    return this.bus.call(s.label, PARTY_SERVICE, { ...request, partyId: partyIdOf(s) }).catch((err) => {
      if (err instanceof AppError && err.code === Code.NotFound) throw notFound('Party not found.');
      throw err;
    });
  }

  /** Parties that live on this node. */
  get size(): number {
    return this.parties.size;
  }

  private partyMsg(party: Party, self: WirePresence): Msg {
    const out: Msg = { party_id: party.id };
    put(out, 'open', party.open);
    put(out, 'max_size', party.maxSize);
    out.self = userPresenceMsg(self);
    out.leader = userPresenceMsg(party.leader);
    out.presences = [...party.members.values()].map(userPresenceMsg);
    return out;
  }

  private async handle(r: PartyRequest): Promise<unknown> {
    const party = this.parties.get(r.partyId);
    if (!party) throw notFound('Party not found.');
    if (r.op === 'left') {
      this.removeMembers(party, r.presences);
      return {};
    }
    const caller = r.presence;
    const member = party.members.has(caller.sessionId);
    switch (r.op) {
      case 'join':
        this.join(party, caller);
        return {};
      case 'leave':
        if (member) this.bus.presences.untrack(caller.sessionId, party.stream);
        this.removeMembers(party, [caller]);
        return {};
      case 'data': {
        if (!member) throw invalid('Party member not found.');
        checkData(r.data);
        const out: Msg = { party_id: party.id, presence: userPresenceMsg(party.members.get(caller.sessionId)!) };
        putInt64(out, 'op_code', r.opCode);
        put(out, 'data', r.data);
        const to = [...party.members.keys()].filter((id) => id !== caller.sessionId);
        if (to.length) this.bus.sendToSessions(to, { party_data: out });
        return {};
      }
    }
    if (party.leader.sessionId !== caller.sessionId) throw invalid('Only the party leader may do this.');
    switch (r.op) {
      case 'close':
        this.bus.sendToStream(party.stream, { party_close: { party_id: party.id } });
        this.end(party);
        return {};
      case 'requests':
        return { party_id: party.id, presences: [...party.requests.values()].map(userPresenceMsg) };
      case 'accept':
        this.accept(party, r.target);
        return {};
      case 'remove':
        this.remove(party, r.target);
        return {};
      case 'promote': {
        const target = party.members.get(r.target.sessionId);
        if (!target || target.userId !== r.target.userId) throw invalid('Party member not found.');
        party.leader = target;
        this.bus.sendToStream(party.stream, { party_leader: { party_id: party.id, presence: userPresenceMsg(target) } });
        return {};
      }
      case 'matchmakerAdd': {
        const presences = [...party.members.values()];
        const ticket = this.matchmaker.add({ ...r.ticket, presences, partyId: party.id });
        const others = presences.map((p) => p.sessionId).filter((id) => id !== caller.sessionId);
        if (others.length) this.bus.sendToSessions(others, { party_matchmaker_ticket: { party_id: party.id, ticket } });
        return { party_id: party.id, ticket };
      }
      case 'matchmakerRemove':
        this.matchmaker.removeParty(party.id, r.ticket);
        return {};
    }
  }

  private join(party: Party, p: WirePresence): void {
    if (party.members.has(p.sessionId)) return;
    if (party.members.size >= party.maxSize) throw invalid('Error joining party: party full');
    if (party.open) {
      this.admit(party, p);
      return;
    }
    if (party.requests.has(p.sessionId)) return;
    if (party.requests.size >= party.maxSize) throw invalid('Error joining party: party join requests full');
    party.requests.set(p.sessionId, p);
    this.bus.sendToSessions([party.leader.sessionId], { party_join_request: { party_id: party.id, presences: [userPresenceMsg(p)] } });
  }

  private accept(party: Party, target: WirePresence): void {
    const p = party.requests.get(target.sessionId);
    if (!p || p.userId !== target.userId) throw invalid('Party join request not found.');
    // A request whose socket has closed since is gone.
    if (!isConnected(this.bus.presences, p.sessionId)) {
      party.requests.delete(p.sessionId);
      throw invalid('Party join request not found.');
    }
    if (party.members.size >= party.maxSize) throw invalid('Error accepting party join request: party full');
    party.requests.delete(p.sessionId);
    this.admit(party, p);
  }

  /** Makes a presence a member: tracked on the stream, told of the party; matchmaking starts over. */
  private admit(party: Party, p: WirePresence): void {
    party.members.set(p.sessionId, p);
    this.bus.presences.track(p.sessionId, party.stream, p.userId, { username: p.username });
    this.bus.sendToSessions([p.sessionId], { party: this.partyMsg(party, p) });
    this.matchmaker.removeAll(party.id);
  }

  private remove(party: Party, target: WirePresence): void {
    if (target.sessionId === party.leader.sessionId) throw invalid('The party leader cannot remove themselves.');
    const p = party.members.get(target.sessionId);
    if (p && p.userId === target.userId) {
      this.bus.presences.untrack(p.sessionId, party.stream);
      this.removeMembers(party, [p]);
      this.bus.sendToSessions([p.sessionId], { party_close: { party_id: party.id } });
      return;
    }
    // Not a member: removing a pending request declines it.
    const request = party.requests.get(target.sessionId);
    if (!request || request.userId !== target.userId) throw invalid('Party member not found.');
    party.requests.delete(request.sessionId);
  }

  /** Members gone (left, removed, disconnected): the oldest remaining leads; an empty party ends. */
  private removeMembers(party: Party, gone: WirePresence[]): void {
    let changed = false;
    for (const p of gone) {
      party.requests.delete(p.sessionId);
      changed = party.members.delete(p.sessionId) || changed;
    }
    if (!changed) return;
    if (!party.members.size) {
      this.end(party);
      return;
    }
    if (!party.members.has(party.leader.sessionId)) {
      party.leader = party.members.values().next().value!;
      this.bus.sendToStream(party.stream, { party_leader: { party_id: party.id, presence: userPresenceMsg(party.leader) } });
    }
    this.matchmaker.removeAll(party.id);
  }

  private end(party: Party): void {
    this.parties.delete(party.id);
    this.bus.presences.untrackStream(party.stream);
    this.matchmaker.removeAll(party.id);
  }
}
