// A match's events (list_match_events) and its live feed: while a page shows a match it keeps a socket of
// its own on the match's feed (watch_match), for guests too (their guest session may open one, though
// the app's realtime socket is for signed-in users only). A new or deleted event updates the events'
// query at once; a result updates the match's query (keys under `matches`, as the matches feature's).
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Socket } from '@heroiclabs/nakama-js';
import type { Match as PortalMatch } from '@tribuna/portal/types';
import { client } from '../../lib/nakama/client.ts';
import { rpc } from '../../lib/nakama/rpc.ts';
import { sessionManager } from '../../lib/nakama/session.ts';
import { applyFeed, type MatchEvent, type MatchFeedMessage } from '../lib/match-events.ts';

export const matchEventKeys = {
  list: (matchId: string) => ['match-events', matchId] as const,
};

/** The match's own query key, the one the matches feature reads get_match under. */
const matchDetailKey = (id: string) => ['matches', 'detail', id] as const;

const matchEventsQuery = (matchId: string) =>
  queryOptions({
    queryKey: matchEventKeys.list(matchId),
    queryFn: async () => (await rpc('list_match_events', { match_id: matchId })).events,
  });

export const useMatchEvents = (matchId: string) => useQuery({ ...matchEventsQuery(matchId), enabled: !!matchId });

const RECONNECT_MS = 3000;

/** Applies a feed message to the cached events and match. */
function applyFeedMessage(qc: QueryClient, matchId: string, msg: MatchFeedMessage): void {
  if (msg.kind === 'result') {
    const { kind: _kind, match_id, ...result } = msg;
    qc.setQueryData<PortalMatch>(matchDetailKey(match_id), (m) => (m ? { ...m, ...result } : m));
    if (match_id !== matchId) return;
    void qc.invalidateQueries({ queryKey: matchDetailKey(match_id) });
    return;
  }
  qc.setQueryData<MatchEvent[]>(matchEventKeys.list(matchId), (list) => applyFeed(list ?? [], msg));
}

export type LiveState = 'connecting' | 'live' | 'offline';

/** Keeps the page on the match's feed while mounted; answers whether it is live now. */
export function useMatchLive(matchId: string): LiveState {
  const qc = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    if (!matchId) return;
    let stopped = false;
    let socket: Socket | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let opened = false;
    const open = async () => {
      const s = client.createSocket(client.useSSL, false);
      socket = s;
      s.onstreamdata = (d) => {
        if (stopped || socket !== s) return;
        try {
          const msg = JSON.parse(d.data) as MatchFeedMessage;
          if (msg && typeof msg === 'object' && 'kind' in msg) applyFeedMessage(qc, matchId, msg);
        } catch {
          // Not the feed's message: nothing to show.
        }
      };
      s.ondisconnect = () => lost(s);
      s.onheartbeattimeout = () => lost(s);
      s.onerror = () => undefined;
      try {
        const session = await sessionManager.current();
        if (stopped || socket !== s) return;
        await s.connect(session, false);
        if (stopped || socket !== s) {
          s.disconnect(false);
          return;
        }
        await s.rpc('watch_match', JSON.stringify({ match_id: matchId }));
      } catch {
        lost(s);
        return;
      }
      if (stopped || socket !== s) return;
      setState('live');
      // After a lost connection, what passed meanwhile is read again.
      if (opened) {
        void qc.invalidateQueries({ queryKey: matchEventKeys.list(matchId) });
        void qc.invalidateQueries({ queryKey: matchDetailKey(matchId) });
      }
      opened = true;
    };
    const lost = (s: Socket) => {
      if (stopped || socket !== s) return;
      socket = undefined;
      setState('offline');
      try {
        s.disconnect(false);
      } catch {
        // Already closed.
      }
      timer = setTimeout(() => void open(), RECONNECT_MS);
    };
    void open();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      const s = socket;
      socket = undefined;
      if (s) {
        s.ondisconnect = () => undefined;
        try {
          s.disconnect(false);
        } catch {
          // Already closed.
        }
      }
    };
  }, [matchId, qc]);
  return state;
}

