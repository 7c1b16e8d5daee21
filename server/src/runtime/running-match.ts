// One authoritative match: its handler's state, its tick loop, and the players tracked on its stream.
// Handler functions run one at a time (a promise chain); data sent between ticks is handed to the next
// matchLoop. A function that throws or returns null ends the match: its players leave its stream.
import { put, putInt64, type Msg } from '../encode.ts';
import { invalid, notFound } from '../errors.ts';
import { outsideLogScope, type Logger } from '../log.ts';
import type { Bus } from '../realtime/bus.ts';
import type { Stream } from '../realtime/tracker.ts';
import { jsonDoc, type QueryDoc } from '../core/match-query.ts';
import { storable } from '../core/validate.ts';
import { isConnected, type ListedMatch, type WirePresence } from '../core/matches.ts';
import type { MatchContext, MatchDispatcher, MatchHandler, MatchMessage, MatchPresence } from './match-types.ts';

const MAX_LABEL_BYTES = 2048;
/**
 * Data kept for the next matchLoop, upstream's match.input_queue_size: match data is realtime traffic and
 * not rate-limited, so past this a tick's data is dropped (and logged) rather than held without bound.
 * @internal
 */
export const MATCH_INPUT_QUEUE = 128;

function checkLabel(label: unknown): string {
  if (typeof label !== 'string' || Buffer.byteLength(label) > MAX_LABEL_BYTES || !storable(label)) {
    throw invalid(`A match label must be a string of at most ${MAX_LABEL_BYTES} bytes.`);
  }
  return label;
}

/** A JSON object label's fields, for queries; other labels are matched only whole. */
function labelDocOf(label: string): QueryDoc | undefined {
  if (!label.startsWith('{')) return undefined;
  try {
    return jsonDoc('label', JSON.parse(label));
  } catch {
    return undefined;
  }
}

function dataBase64(data: string | Uint8Array | null | undefined): string {
  if (data === null || data === undefined) return '';
  if (typeof data === 'string') return Buffer.from(data, 'utf8').toString('base64');
  if (data instanceof Uint8Array) return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
  throw invalid('Match data must be a string or bytes.');
}

export interface MatchDeps {
  bus: Bus;
  logger: Logger;
  /** Called once when the match has ended. */
  ended(match: RunningMatch): void;
}

export class RunningMatch {
  readonly id: string;
  readonly stream: Stream;
  readonly createTime = Date.now();
  label = '';
  labelDoc: QueryDoc | undefined;
  tickRate = 1;
  private readonly ctx: MatchContext;
  private readonly handler: MatchHandler;
  private readonly deps: MatchDeps;
  private readonly players = new Map<string, MatchPresence>();
  private readonly dispatcher: MatchDispatcher;
  private state: unknown;
  private tick = 0;
  private messages: MatchMessage[] = [];
  /** Data dropped since the last matchLoop, the input queue being full. */
  private dropped = 0;
  private deferred: Array<() => void> = [];
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private ended = false;

  constructor(deps: MatchDeps, handlerName: string, handler: MatchHandler, stream: Stream) {
    this.deps = deps;
    this.handler = handler;
    this.stream = stream;
    this.id = `${stream.subject}.${stream.label}`;
    this.ctx = { matchId: this.id, node: stream.label, handlerName, executionMode: 'match' };
    const broadcast = (opCode: number, data?: string | Uint8Array | null, presences?: MatchPresence[] | null, sender?: MatchPresence | null, reliable = true) => {
      if (!Number.isSafeInteger(opCode)) throw invalid('A match op code must be a whole number.');
      const out: Msg = { match_id: this.id };
      if (sender) out.presence = { user_id: sender.userId, session_id: sender.sessionId, username: sender.username };
      putInt64(out, 'op_code', opCode);
      put(out, 'data', dataBase64(data));
      put(out, 'reliable', reliable);
      return () => {
        if (this.ended) return;
        if (presences && presences.length) deps.bus.sendToSessions(presences.map((p) => p.sessionId), { match_data: out });
        else deps.bus.sendToStream(this.stream, { match_data: out });
      };
    };
    this.dispatcher = {
      broadcastMessage: (...args) => broadcast(...args)(),
      broadcastMessageDeferred: (...args) => void this.deferred.push(broadcast(...args)),
      matchKick: (presences) => {
        for (const p of presences) deps.bus.presences.untrack(p.sessionId, this.stream);
      },
      matchLabelUpdate: (label) => this.setLabel(label),
    };
  }

  get listed(): ListedMatch {
    return {
      matchId: this.id, authoritative: true, label: this.label, size: this.deps.bus.presences.count(this.stream),
      tickRate: this.tickRate, handlerName: this.ctx.handlerName, createTime: this.createTime, labelDoc: this.labelDoc,
    };
  }

  private setLabel(label: string): void {
    this.label = checkLabel(label);
    this.labelDoc = labelDocOf(this.label);
  }

  /** Runs matchInit; a failure (thrown or invalid) is the creator's error and nothing starts. */
  async init(params: Record<string, unknown>): Promise<void> {
    const init = await this.handler.matchInit(this.ctx, params);
    if (!init || typeof init !== 'object') throw invalid('matchInit must return {state, tickRate, label?}.');
    if (!Number.isInteger(init.tickRate) || init.tickRate < 1 || init.tickRate > 60) throw invalid('A match tick rate must be a whole number from 1 to 60.');
    this.tickRate = init.tickRate;
    this.setLabel(init.label ?? '');
    this.state = init.state;
    // The loop outlives the call that created the match: its lines carry no request's id.
    outsideLogScope(() => this.schedule(Date.now()));
  }

  private schedule(start: number): void {
    const interval = 1000 / this.tickRate;
    this.timer = setTimeout(() => {
      void this.step('matchLoop', async () => {
        const messages = this.messages;
        this.messages = [];
        if (this.dropped) {
          this.deps.logger.warn('match input queue full; data dropped', { match_id: this.id, dropped: this.dropped, queue: MATCH_INPUT_QUEUE });
          this.dropped = 0;
        }
        return this.handler.matchLoop(this.ctx, this.dispatcher, this.tick, this.state, messages);
      }).then(() => {
        this.tick++;
        if (!this.ended) this.schedule(Math.max(start + interval, Date.now() - interval));
      }, () => {});
    }, Math.max(0, start + interval - Date.now()));
    this.timer.unref();
  }

  /**
   * Runs one handler function in turn: its state is kept, null ends the match, a throw ends it with a
   * log line. Rejects with NotFound once the match has ended.
   */
  private step<T extends { state: unknown } | null>(callback: keyof MatchHandler, fn: () => T | Promise<T>): Promise<T> {
    const run = this.chain.then(async () => {
      if (this.ended) throw notFound('Match not found');
      let result: T;
      try {
        result = await fn();
      } catch (err) {
        this.deps.logger.error('match handler failed; the match ends', { match_id: this.id, handler: this.ctx.handlerName, callback, err });
        this.end();
        throw notFound('Match not found');
      }
      const deferred = this.deferred;
      this.deferred = [];
      for (const send of deferred) send();
      if (result === null || result === undefined) {
        if (callback !== 'matchTerminate') this.end();
      } else {
        this.state = result.state;
      }
      return result;
    });
    this.chain = run.catch(() => {});
    return run;
  }

  /** Asks the handler; an accepted player is tracked on the match's stream and matchJoin follows. */
  async joinAttempt(p: WirePresence, metadata: Record<string, string>): Promise<{ accept: boolean; reason: string }> {
    const presence: MatchPresence = { userId: p.userId, sessionId: p.sessionId, username: p.username };
    const answer = await this.step('matchJoinAttempt', () => this.handler.matchJoinAttempt(this.ctx, this.dispatcher, this.tick, this.state, presence, metadata));
    if (!answer) throw notFound('Match not found');
    if (!answer.accept) return { accept: false, reason: typeof answer.rejectMessage === 'string' && answer.rejectMessage ? answer.rejectMessage : 'Match join rejected' };
    // The handler may have taken its time: a socket that closed meanwhile does not join.
    if (!isConnected(this.deps.bus.presences, p.sessionId)) throw notFound('Session not found.');
    this.players.set(p.sessionId, presence);
    this.deps.bus.presences.track(p.sessionId, this.stream, p.userId, { username: p.username });
    void this.step('matchJoin', () => this.handler.matchJoin(this.ctx, this.dispatcher, this.tick, this.state, [presence])).catch(() => {});
    return { accept: true, reason: '' };
  }

  /** Players gone from the stream: those still counted as players go to matchLeave. */
  left(presences: WirePresence[]): void {
    const gone: MatchPresence[] = [];
    for (const p of presences) {
      const player = this.players.get(p.sessionId);
      if (player && this.players.delete(p.sessionId)) gone.push(player);
    }
    if (gone.length) void this.step('matchLeave', () => this.handler.matchLeave(this.ctx, this.dispatcher, this.tick, this.state, gone)).catch(() => {});
  }

  /** Data from a player, for the next matchLoop (up to MATCH_INPUT_QUEUE of them). */
  data(sessionId: string, opCode: string, data: string, reliable: boolean): void {
    const sender = this.players.get(sessionId);
    if (!sender || this.ended) return;
    if (this.messages.length >= MATCH_INPUT_QUEUE) {
      this.dropped++;
      return;
    }
    this.messages.push({ sender, opCode: Number(opCode), data: Buffer.from(data, 'base64'), reliable, receiveTimeMs: Date.now() });
  }

  async signal(data: string): Promise<string | undefined> {
    const answer = await this.step('matchSignal', () => this.handler.matchSignal(this.ctx, this.dispatcher, this.tick, this.state, data));
    if (!answer) throw notFound('Match not found');
    return typeof answer.data === 'string' ? answer.data : undefined;
  }

  /** The server is stopping: matchTerminate, then the end. */
  async terminate(graceSeconds: number): Promise<void> {
    await this.step('matchTerminate', () => this.handler.matchTerminate(this.ctx, this.dispatcher, this.tick, this.state, graceSeconds)).catch(() => {});
    this.end();
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.timer);
    this.players.clear();
    this.deps.bus.presences.untrackStream(this.stream);
    this.deps.ended(this);
  }
}
