// «Подписаться на календарь»: makes a secret address (create_calendar_feed) that Google Calendar or the
// iPhone's calendar reads, shows it once with a copy button, and lists the user's addresses to revoke.
import { useId, useState } from 'react';
import { useCalendarFeeds, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/team-life.ts';
import { formatDate } from '../i18n/format.ts';
import { apiErrorMessage } from '../lib/error-message.ts';
import { Button, Notice, Spinner } from './index.tsx';
import './calendar-feed.css';

const feedMessages = {
  subscribe: 'Подписаться на календарь',
  create: 'Получить ссылку',
  creating: 'Создаём ссылку…',
  createFailed: 'Не удалось создать ссылку на календарь',
  lead: 'Календарь на телефоне или в Google будет сам получать события и матчи.',
  yourUrl: 'Ваша ссылка на календарь',
  secret: 'Ссылка личная: кто её знает, видит расписание. Она показывается один раз — сохраните её в календаре сейчас.',
  copy: 'Копировать',
  copied: 'Скопировано',
  copyFailed: 'Не удалось скопировать: выделите ссылку и скопируйте вручную.',
  google: 'Google Календарь',
  googleSteps: 'Откройте calendar.google.com на компьютере → «Другие календари» (+) → «Добавить по URL» → вставьте ссылку → «Добавить календарь». Обновляется раз в несколько часов.',
  iphone: 'Календарь iPhone',
  iphoneSteps: 'Настройки → Календарь → Учётные записи → Новая учётная запись → Другое → «Подписной календарь» → вставьте ссылку → «Далее» → «Сохранить».',
  existing: 'Выданные ссылки',
  allTeams: 'Все мои команды',
  teamFeed: (name: string | null) => (name ? `Команда «${name}»` : 'Команда'),
  since: (d: string) => `с ${d}`,
  revoke: 'Отозвать',
  revokeNamed: (what: string) => `Отозвать ссылку: ${what}`,
  revokeFailed: 'Не удалось отозвать ссылку',
  loadFailed: 'Не удалось загрузить ссылки',
};

function CopyField({ url }: { url: string }) {
  const id = useId();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="field">
      <label htmlFor={id}>{feedMessages.yourUrl}</label>
      <div className="feed-url row">
        <input id={id} readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <Button variant="secondary" onClick={() => void copy()}>{state === 'copied' ? feedMessages.copied : feedMessages.copy}</Button>
      </div>
      {state === 'failed' && <small className="field-error" role="alert">{feedMessages.copyFailed}</small>}
    </div>
  );
}

/** `teamId`: that team's calendar; without it, every team of the user. */
export function CalendarFeedPanel({ teamId }: { teamId?: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const feeds = useCalendarFeeds(open);
  const mine = (feeds.data ?? []).filter((f) => (teamId ? f.team_id === teamId : f.team_id === null));
  return (
    <div className="calendar-feed">
      <button type="button" className="btn btn-secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        {feedMessages.subscribe}
      </button>
      {open && (
        <section id={panelId} className="card stack calendar-feed-panel" aria-label={feedMessages.subscribe}>
          <p className="muted">{feedMessages.lead}</p>
          {create.data ? (
            <>
              <CopyField url={create.data.url} />
              <Notice kind="info">{feedMessages.secret}</Notice>
            </>
          ) : (
            <div>
              <Button disabled={create.isPending} onClick={() => create.mutate(teamId ? { team_id: teamId } : {})}>
                {create.isPending ? feedMessages.creating : feedMessages.create}
              </Button>
            </div>
          )}
          {create.isError && <Notice kind="error">{apiErrorMessage(create.error, feedMessages.createFailed)}</Notice>}
          <div className="calendar-feed-help">
            <section>
              <h4>{feedMessages.google}</h4>
              <p>{feedMessages.googleSteps}</p>
            </section>
            <section>
              <h4>{feedMessages.iphone}</h4>
              <p>{feedMessages.iphoneSteps}</p>
            </section>
          </div>
          {feeds.isPending ? (
            <Spinner />
          ) : feeds.isError ? (
            <Notice kind="error">{feedMessages.loadFailed}</Notice>
          ) : (
            mine.length > 0 && (
              <section className="stack">
                <h4>{feedMessages.existing}</h4>
                <ul className="calendar-feed-list">
                  {mine.map((f) => {
                    const what = `${f.team_id ? feedMessages.teamFeed(f.team_name) : feedMessages.allTeams}, ${feedMessages.since(formatDate(f.create_time))}`;
                    return (
                      <li key={f.id}>
                        <span>{what}</span>
                        <Button
                          variant="ghost"
                          aria-label={feedMessages.revokeNamed(what)}
                          disabled={revoke.isPending}
                          onClick={() => revoke.mutate(f.id, { onSuccess: () => { if (create.data?.id === f.id) create.reset(); } })}
                        >
                          {feedMessages.revoke}
                        </Button>
                      </li>
                    );
                  })}
                </ul>
              </section>
            )
          )}
          {revoke.isError && <Notice kind="error">{apiErrorMessage(revoke.error, feedMessages.revokeFailed)}</Notice>}
        </section>
      )}
    </div>
  );
}
