import type { EventType } from '../../../shared/lib/calendar.ts';

export interface TeamEvent {
  id: string;
  team_id: string;
  title: string;
  description: string;
  type: EventType;
  event_time: string;
  place: string;
  creator_id: string;
  create_time: string;
  update_time: string;
}

export interface TeamEventInput {
  team_id: string;
  title: string;
  type: EventType;
  event_time: string;
  place?: string;
  description?: string;
}

export interface TeamEventUpdate {
  id: string;
  title?: string;
  type?: EventType;
  event_time?: string;
  place?: string;
  description?: string;
}
