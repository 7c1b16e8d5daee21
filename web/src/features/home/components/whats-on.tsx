// What is on, below the headline: the next matches, broadcasts on air and about to start, the nearest
// tournaments. Each block links to its full list; light on purpose (Intl dates, no date library).
import type { ReactNode } from 'react';
import { Link } from '../../../lib/router/index.tsx';
import { fileUrl, srcSetOf } from '../../../lib/nakama/file-url.ts';
import { tournamentImage, TOURNAMENT_TYPES, useNearestTournaments } from '../../../shared/api/tournaments.ts';
import { useUpcomingMatches, type Match } from '../api/upcoming-matches.ts';
import { useStreamsOnAir, useStreamsSoon, type Stream } from '../api/streams-on-air.ts';
import { LoadingBlock } from '../../../shared/ui/index.tsx';
import { homeMessages as m } from '../messages.ts';

const MATCHES = 4;
const STREAMS = 4;
const TOURNAMENTS = 4;

const dayTime = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });
const day = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

function Block({ id, title, all, allLabel, children }: { id: string; title: string; all: string; allLabel: string; children: ReactNode }) {
  return (
    <section className="home-block" aria-labelledby={id}>
      <div className="home-block-head">
        <h2 id={id}>{title}</h2>
        <Link to={all}>{allLabel}</Link>
      </div>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="home-empty">{children}</p>;
}

function TeamAvatar({ src }: { src: string }) {
  return <img src={src} srcSet={srcSetOf(src)} sizes="40px" alt="" width={40} height={40} loading="lazy" />;
}

function TeamSide({ team, side }: { team: Match['owner_team']; side: 'home' | 'guest' }) {
  return (
    <span className={`match-team match-team-${side}`}>
      <TeamAvatar src={team?.avatar_id ? fileUrl(team.avatar_id) : '/images/default-team.svg'} />
      <span className="match-team-name">{team?.name ?? m.teamGone}</span>
    </span>
  );
}

export function UpcomingMatches() {
  const q = useUpcomingMatches(MATCHES);
  if (q.isError) return null;
  const matches = q.data?.matches ?? [];
  return (
    <Block id="home-matches" title={m.upcomingMatches} all="/matches" allLabel={m.allMatches}>
      {!q.isSuccess ? (
        <LoadingBlock className="home-loading-matches" />
      ) : matches.length === 0 ? (
        <Empty>{m.noMatches}</Empty>
      ) : (
        <ul className="home-cards home-matches">
          {matches.map((x) => (
            <li key={x.id}>
              <Link className="home-card match-card" to={`/matches/${x.id}`}>
                <span className="match-teams">
                  <TeamSide team={x.owner_team} side="home" />
                  <span className="match-colon" aria-hidden="true">:</span>
                  <span className="visually-hidden"> — </span>
                  <TeamSide team={x.guest_team} side="guest" />
                </span>
                <span className="visually-hidden">, </span>
                <time className="home-card-date" dateTime={x.match_time}>{dayTime.format(new Date(x.match_time))}</time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Block>
  );
}

function StreamCard({ s, live }: { s: Stream; live: boolean }) {
  const start = s.start_time ?? s.create_time;
  return (
    <Link className="home-card stream-card" to={`/broadcasts/${s.id}`}>
      <span className={live ? 'stream-badge live' : 'stream-badge soon'}>{live ? m.onAir : m.soon}</span>
      <span className="home-card-title">{s.title}</span>
      <time className="home-card-date" dateTime={start}>{live ? m.since(dayTime.format(new Date(start))) : dayTime.format(new Date(start))}</time>
    </Link>
  );
}

export function Broadcasts() {
  const onAir = useStreamsOnAir(STREAMS);
  const soon = useStreamsSoon(STREAMS);
  if (onAir.isError || soon.isError) return null;
  const live = onAir.data?.streams ?? [];
  const liveIds = new Set(live.map((s) => s.id));
  const next = (soon.data?.streams ?? []).filter((s) => !liveIds.has(s.id)).slice(0, Math.max(STREAMS - live.length, 2));
  return (
    <Block id="home-broadcasts" title={m.broadcasts} all="/broadcasts" allLabel={m.allBroadcasts}>
      {!onAir.isSuccess || !soon.isSuccess ? (
        <LoadingBlock className="home-loading-broadcasts" />
      ) : live.length + next.length === 0 ? (
        <Empty>{m.noBroadcasts}</Empty>
      ) : (
        <ul className="home-cards">
          {live.map((s) => <li key={s.id}><StreamCard s={s} live /></li>)}
          {next.map((s) => <li key={s.id}><StreamCard s={s} live={false} /></li>)}
        </ul>
      )}
    </Block>
  );
}

export function NearestTournaments() {
  const q = useNearestTournaments(TOURNAMENTS);
  if (q.isError) return null;
  const list = q.data?.tournaments ?? [];
  return (
    <Block id="home-tournaments" title={m.nearestTournaments} all="/tournaments" allLabel={m.allTournaments}>
      {!q.isSuccess ? (
        <LoadingBlock className="home-loading-tournaments" />
      ) : list.length === 0 ? (
        <Empty>{m.noTournaments}</Empty>
      ) : (
        <ul className="home-cards">
          {list.map((t) => (
            <li key={t.id}>
              <Link className="home-card tournament-home-card" to={`/tournaments/${t.id}`}>
                <img className="home-card-picture" src={tournamentImage(t)} srcSet={srcSetOf(tournamentImage(t))} sizes="(max-width: 640px) 104px, 260px" alt="" width={260} height={146} loading="lazy" />
                <span className="home-card-text">
                  <span className="home-card-title">{t.title}</span>
                  <span className="home-card-date">
                    <time dateTime={t.start_time}>{day.format(new Date(t.start_time))}</time> · {TOURNAMENT_TYPES[t.tournament_type]}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Block>
  );
}
