import { describe, expect, it } from 'vitest';
import { nearestWindow } from './team-home-calls.ts';
import { LINK_STATES, linkState, tournamentImage } from './tournaments.ts';

describe('tournaments, shared', () => {
  it('takes the nearest tournaments from the start of today to 30 days from this minute', () => {
    const now = new Date(2026, 2, 15, 14, 30, 20, 500);
    const w = nearestWindow(now);
    expect(new Date(w.start_after).getTime()).toBe(new Date(2026, 2, 15).getTime());
    expect(new Date(w.start_before).getTime() - new Date(2026, 2, 15, 14, 30).getTime()).toBe(30 * 24 * 3600_000);
  });

  it('says where a participation stands', () => {
    expect(LINK_STATES[linkState({ is_confirmed: true, initiator: 'organizer' })]).toBe('Участие подтверждено');
    expect(LINK_STATES[linkState({ is_confirmed: false, initiator: 'organizer' })]).toBe('Ждёт подтверждения команды');
    expect(LINK_STATES[linkState({ is_confirmed: false, initiator: 'team' })]).toBe('Ждёт подтверждения организатора');
  });

  it('shows the cover, or the default image', () => {
    expect(tournamentImage({ image_url: 'f-1' })).toBe('/uploads/f-1');
    expect(tournamentImage({})).toBe('/images/default-tournament.svg');
  });
});
