// Lighthouse scores of the portal's main pages (performance, accessibility, best practices, SEO), with
// Lighthouse's default mobile emulation (a mid-range phone, its CPU 4x slower, a slow 4G network simulated)
// in Debian's Chromium, against a portal started here on loopback with data on every page: one of
// everything a user makes (web/e2e/seed.ts). `npm run audit` prints the table and fails below the target;
// the bench prints the same rows.
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM } from './lib.ts';
import { TARGETS } from './targets.ts';
import { startPortal } from '../web/e2e/portal.ts';
import { quickUser, seed, type SeedTexts } from '../web/e2e/seed.ts';

export const AUDIT_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];
/** The least score (0-100) each page must have in each category (targets.ts). */
export const AUDIT_TARGET = TARGETS.lighthouse.min;

export interface PageAudit {
  name: string;
  path: string;
  /** Median over runs, 0-100. */
  scores: Record<AuditCategory, number>;
  /** Cumulative layout shift, median over runs. */
  cls: number;
  /** What lost the most points, for a failing page: audit ids with their scores. */
  weakest: string[];
}

const TEXTS: SeedTexts = {
  displayName: 'Анна Проверкина',
  friendName: 'Денис Друзьев',
  location: 'Тверь',
  teamName: 'Тверские львы',
  otherTeamName: 'Волжане',
  teamDescription: 'Любительская команда из Твери: играем по воскресеньям.',
  lastName: 'Орлов',
  firstName: 'Максим',
  middleName: 'Петрович',
  formationName: 'Основная схема',
  eventTitle: 'Тренировка',
  eventPlace: 'Стадион «Химик»',
  eventDescription: 'Работаем над стандартами.',
  photoSection: 'Весна',
  photoDescription: 'После победы',
  videoSection: 'Матчи',
  videoTitle: 'Лучшие голы',
  videoDescription: 'Голы весны',
  tag: 'голы',
  newsTitle: 'Тверские львы вышли в финал',
  newsText: 'В полуфинале команда обыграла соперника со счётом 2:0 и сыграет в финале кубка города.',
  tournamentTitle: 'Кубок Твери',
  tournamentDescription: 'Городской турнир любительских команд.',
  streamTitle: 'Финал кубка Твери',
  streamDescription: 'Прямая трансляция финала.',
  chatName: 'Капитаны',
  message: 'Сбор в 11:00.',
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Audits /, /news, /matches, /tournaments and a team's page, each `runs` times (the median counts). */
export async function auditPages(runs: number, log: (what: string) => void = () => {}): Promise<PageAudit[]> {
  const portal = await startPortal();
  const port = 9300 + Math.floor(Math.random() * 500);
  const browser = await chromium.launch({ ...CHROMIUM, args: [...CHROMIUM.args, `--remote-debugging-port=${port}`] });
  try {
    const owner = await quickUser(portal, TEXTS.displayName);
    const friend = await quickUser(portal, TEXTS.friendName);
    const seeded = await seed(portal, owner, friend, TEXTS);
    const pages = [
      { name: 'home', path: '/' },
      { name: 'news', path: '/news' },
      { name: 'matches', path: '/matches' },
      { name: 'tournaments', path: '/tournaments' },
      { name: 'team', path: `/teams/${seeded.teamId}` },
    ];
    const out: PageAudit[] = [];
    for (const p of pages) {
      const runsOf: Record<AuditCategory, number[]> = { performance: [], accessibility: [], 'best-practices': [], seo: [] };
      const shifts: number[] = [];
      const weak = new Map<string, number>();
      for (let i = 0; i < runs; i++) {
        log(`lighthouse ${p.path} (${i + 1}/${runs})`);
        const result = await lighthouse(`${portal.url}${p.path}`, { port, output: 'json', logLevel: 'error', onlyCategories: [...AUDIT_CATEGORIES] });
        if (!result) throw new Error(`Lighthouse gave no result for ${p.path}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${p.path}: ${lhr.runtimeError.message}`);
        for (const c of AUDIT_CATEGORIES) runsOf[c].push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
        shifts.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN);
        for (const c of AUDIT_CATEGORIES) {
          for (const ref of lhr.categories[c]?.auditRefs ?? []) {
            const a = lhr.audits[ref.id];
            if (ref.weight > 0 && a.score !== null && a.score < 0.9) weak.set(`${ref.id} ${a.displayValue ?? Math.round(a.score * 100)}`, ref.weight);
          }
        }
      }
      const scores = Object.fromEntries(AUDIT_CATEGORIES.map((c) => [c, median(runsOf[c])])) as Record<AuditCategory, number>;
      out.push({ ...p, scores, cls: median(shifts), weakest: [...weak].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k]) => k) });
    }
    return out;
  } finally {
    await browser.close();
    await portal.close();
  }
}

/** Every page at or above the target in every category. */
export function auditPasses(pages: PageAudit[]): boolean {
  return pages.every((p) => AUDIT_CATEGORIES.every((c) => p.scores[c] >= AUDIT_TARGET));
}

// npm run audit [-- --runs N]: the table, what lost points where a page misses, and the exit code.
if (import.meta.main) {
  const at = process.argv.indexOf('--runs');
  const runs = at > 0 ? Number(process.argv[at + 1]) : 1;
  const pages = await auditPages(runs, (what) => console.log(what));
  console.log(`\n| page | ${AUDIT_CATEGORIES.join(' | ')} | CLS |\n|---|${AUDIT_CATEGORIES.map(() => '---').join('|')}|---|`);
  for (const p of pages) console.log(`| ${p.path} | ${AUDIT_CATEGORIES.map((c) => p.scores[c]).join(' | ')} | ${p.cls.toFixed(3)} |`);
  for (const p of pages) {
    if (AUDIT_CATEGORIES.some((c) => p.scores[c] < AUDIT_TARGET)) console.log(`\n${p.path} loses most on: ${p.weakest.join('; ')}`);
  }
  const ok = auditPasses(pages);
  console.log(ok ? `\nEvery page scores at least ${AUDIT_TARGET} in every category.` : `\nBelow ${AUDIT_TARGET} somewhere: see above.`);
  process.exit(ok ? 0 : 1);
}
