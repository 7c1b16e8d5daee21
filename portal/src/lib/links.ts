// The web's addresses of what the portal links to from mails, notifications and calendar feeds.

const moscowMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit' });

/** yyyy-MM of an instant in Moscow time (the portal's), as the web's calendars name a month. */
function monthOf(t: Date): string {
  const parts = moscowMonth.formatToParts(t);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}`;
}

/** A team event on its team's calendar: opened at the event's month, the event named for the page to open. */
export function eventPageLink(teamId: string, eventId: string, start: Date): string {
  return `/teams/${teamId}/schedule?month=${monthOf(start)}&event=${eventId}`;
}

export const matchPageLink = (matchId: string) => `/matches/${matchId}`;
