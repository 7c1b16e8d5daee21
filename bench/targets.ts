// The bench's targets, all in one table: each row of the table names its target here, and passes only
// when its figure (a ratio to the baseline of the same run, or a value) is within it. Raising a floor is a
// change to this table alone; a baseline or a load is never changed to meet one.
import type { Row } from './lib.ts';

export interface Target {
  /** What the table prints in its target column. */
  text: string;
  /** Whether the bound applies to the row's ratio or to its value. */
  on: 'ratio' | 'value';
  min?: number;
  max?: number;
}

const ratioAtLeast = (min: number, of: string): Target => ({ text: `>= ${min.toFixed(2)}x ${of}`, on: 'ratio', min });
const ratioAtMost = (max: number, of: string): Target => ({ text: `<= ${max}x ${of}`, on: 'ratio', max });
const atMost = (max: number, unit: string, what = ''): Target => ({ text: `<= ${max.toLocaleString('en-US')} ${unit}${what}`, on: 'value', max });
const atLeast = (min: number, unit: string): Target => ({ text: `>= ${min.toLocaleString('en-US')} ${unit}`, on: 'value', min });

export const TARGETS = {
  // The RPC pipeline: a bare node:http server given the same POST, and one running the same queries.
  echo: ratioAtLeast(0.8, 'bare http (same POST)'),
  echoP99: atMost(5, 'ms'),
  auth: ratioAtLeast(0.75, 'http+db PK select'),
  getTeam: ratioAtLeast(0.85, 'http+db same query'),
  listTeams: ratioAtLeast(0.85, 'http+db same query'),
  // Sockets: a raw ws broadcast (room chat, team chat) and a raw ws room relay (matches).
  roomChat: ratioAtLeast(0.8, 'raw ws relay'),
  roomChatP99: atMost(50, 'ms'),
  teamChat: ratioAtLeast(0.75, 'raw ws broadcast'),
  teamChatP99: atMost(50, 'ms'),
  relay: ratioAtLeast(0.75, 'raw ws room relay'),
  relayPacedP99: ratioAtMost(2, 'the raw relay’s paced p99'),
  // Memory of an idle session's socket, on one node and on each of two; every idle socket held.
  idleSocketKb: atMost(8, 'KB'),
  idleSocketPerNodeKb: atMost(8, 'KB', ' on each node'),
  clusterChat: ratioAtLeast(0.5, 'one node'),
  // The matchmaker.
  matchmakerPassMs: atMost(1000, 'ms', ' (the interval)'),
  matchmakerTellMs: atMost(2000, 'ms'),
  // News lists over a big table.
  listNewsP99: atMost(20, 'ms'),
  /** Every lookup of the viewer's like and rating, and of a page's media, index-only. */
  listNewsIndexOnly: (lookups: number): Target => ({ text: `${lookups} (all)`, on: 'value', min: lookups }),
  // The sections run in processes of their own (sections.ts).
  seqScans: atMost(0, 'statements'),
  imagesPeakMb: atMost(512, 'MB'),
  newsListsGrowthMb: atMost(100, 'MB'),
  newsHealthMs: atMost(200, 'ms'),
  videoUploadsGrowthMb: atMost(100, 'MB'),
  // The web app.
  homeJsKb: atMost(100, 'KB'),
  homeLcp: ratioAtMost(1.5, 'the empty page'),
  lighthouse: { text: '>= 95', on: 'value', min: 95 },
  cls: { text: '< 0.05', on: 'value', max: 0.0499 },
} satisfies Record<string, Target | ((n: number) => Target)>;

/** Whether x is within the target's bounds (a figure not measured never is). */
export function meets(t: Target, x: number | undefined): boolean {
  if (x === undefined || Number.isNaN(x)) return false;
  return (t.min === undefined || x >= t.min) && (t.max === undefined || x <= t.max);
}

/**
 * A table row held to a target: it passes when its ratio or value is within the target and `also` holds
 * (every message delivered, every socket connected, no request failed).
 */
export function targetRow(row: Omit<Row, 'target' | 'pass'>, t: Target, also = true): Row {
  return { ...row, target: t.text, pass: also && meets(t, t.on === 'ratio' ? row.ratio : row.value) };
}

/** Held sockets: every one connected. */
export const allHeld = (wanted: number): Target => atLeast(wanted, 'sockets held');
