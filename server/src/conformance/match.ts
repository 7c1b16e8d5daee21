// The "match" handler the official client's tests join: one tick a second, every join accepted, over
// after about ten ticks. Params: {label?} ("skill=100-150" by default).
import type { MatchHandler } from '../runtime/match-types.ts';

const TICKS = 10;

interface State {
  players: number;
}

export const conformanceMatch: MatchHandler<State> = {
  matchInit(_ctx, params) {
    const label = typeof params.label === 'string' ? params.label : 'skill=100-150';
    return { state: { players: 0 }, tickRate: 1, label };
  },
  matchJoinAttempt: (_ctx, _dispatcher, _tick, state) => ({ state, accept: true }),
  matchJoin: (_ctx, _dispatcher, _tick, state, presences) => ({ state: { players: state.players + presences.length } }),
  matchLeave: (_ctx, _dispatcher, _tick, state, presences) => ({ state: { players: state.players - presences.length } }),
  matchLoop: (_ctx, _dispatcher, tick, state) => (tick >= TICKS ? null : { state }),
  matchTerminate: (_ctx, _dispatcher, _tick, state) => ({ state }),
  matchSignal: (_ctx, _dispatcher, _tick, state, data) => ({ state, data }),
};
