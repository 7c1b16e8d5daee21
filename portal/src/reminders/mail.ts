// What a reminder says, in the bell and by mail: the target, its time (Moscow time, the portal's), its place,
// a link to its page, and a one-click answer (links to the web's /attend page with a signed token).
import { EVENT_TYPE_NAMES, type Target } from '../attendance/index.ts';
import type { ReminderTarget } from '../notifications/index.ts';
import { eventPageLink, matchPageLink } from '../lib/links.ts';
import type { ReminderKind } from './due.ts';

const ZONE = 'Europe/Moscow';
const dayAndTime = new Intl.DateTimeFormat('ru-RU', { timeZone: ZONE, weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });
const shortTime = new Intl.DateTimeFormat('ru-RU', { timeZone: ZONE, day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

/** «Тренировка «Вечерняя»», «Матч «Спартак» — «Динамо»». */
function whatOf(t: Target): string {
  return t.kind === 'match' ? `Матч ${t.title}` : `${EVENT_TYPE_NAMES[t.eventType!]} «${t.title}»`;
}

/** The web page of the target: a match's page, or the team's schedule at the event's month. */
function pageOf(t: Target, teamId: string): string {
  return t.kind === 'match' ? matchPageLink(t.id) : eventPageLink(teamId, t.id, t.start);
}

export function reminderTarget(t: Target, teamId: string): ReminderTarget {
  return {
    what: whatOf(t),
    when: shortTime.format(t.start),
    link: pageOf(t, teamId),
    ids: { [t.kind === 'event' ? 'event_id' : 'match_id']: t.id, team_id: teamId },
  };
}

export interface ReminderMailInput {
  kind: ReminderKind;
  target: Target;
  teamId: string;
  /** The team's deadline, when answers close at it rather than at the start. */
  deadline?: Date;
  /** The site's origin (PUBLIC_URL). */
  site: string;
  /** The signed one-click token; absent when answers are already closed. */
  token?: string;
}

const ANSWERS = [['yes', 'Приду'], ['no', 'Не приду'], ['maybe', 'Под вопросом']] as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function reminderMail(m: ReminderMailInput): { subject: string; text: string; html: string } {
  const { target: t, site } = m;
  const what = whatOf(t);
  const team = t.teamNames[m.teamId];
  const page = `${site}${pageOf(t, m.teamId)}`;
  const answers = m.token
    ? ANSWERS.filter(([s]) => m.kind === 'unanswered' || s !== 'yes').map(([s, label]) => [label, `${site}/attend?token=${m.token}&status=${s}`] as const)
    : [];
  const lead = m.kind === 'unanswered'
    ? `${team ? `Команда «${team}»` : 'Команда'} ждёт вашего ответа: вы придёте?`
    : 'Вы ответили «Приду». Напоминаем о начале:';
  const facts: [string, string][] = [['Когда', `${dayAndTime.format(t.start)} (по московскому времени)`]];
  if (t.place) facts.push(['Где', t.place]);
  if (m.kind === 'unanswered' && m.deadline) facts.push(['Ответить нужно до', dayAndTime.format(m.deadline)]);
  const answerLead = m.kind === 'unanswered' ? 'Ответьте одним нажатием, входить на сайт не нужно:' : 'Если планы изменились, ответьте одним нажатием:';
  const settings = `${site}/user/profile`;

  const text = [
    lead,
    '',
    what,
    ...facts.map(([k, v]) => `${k}: ${v}`),
    ...(answers.length ? ['', answerLead, ...answers.map(([label, url]) => `${label}: ${url}`)] : []),
    '',
    `Подробнее на сайте: ${page}`,
    '',
    `Напоминания можно отключить в профиле: ${settings}`,
  ].join('\n');
  const link = (url: string, label: string) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
  const html = [
    `<p>${escapeHtml(lead)}</p>`,
    `<p><b>${escapeHtml(what)}</b><br>${facts.map(([k, v]) => `${escapeHtml(k)}: ${escapeHtml(v)}`).join('<br>')}</p>`,
    answers.length ? `<p>${escapeHtml(answerLead)}<br>${answers.map(([label, url]) => link(url, label)).join(' · ')}</p>` : '',
    `<p>${link(page, 'Подробнее на сайте')}</p>`,
    `<p style="color:#666">Напоминания можно отключить ${link(settings, 'в профиле')}.</p>`,
  ].join('');
  const when = shortTime.format(t.start);
  const subject = m.kind === 'unanswered' ? `Вы придёте? ${what}, ${when}` : `Напоминание: ${what}, ${when}`;
  return { subject, text, html };
}
