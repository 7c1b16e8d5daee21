export interface Player {
  id: string;
  first_name: string;
  middle_name?: string | null;
  last_name: string;
  avatar_id?: string | null;
  creator_id: string;
  goals: number;
  matches: number;
  create_time: string;
  update_time: string;
}

export interface PlayerInput {
  first_name: string;
  middle_name?: string;
  last_name: string;
  avatar_id?: string;
}

/** Last, first and middle name, as the lists show them. */
export function fullName(p: Pick<Player, 'first_name' | 'middle_name' | 'last_name'>): string {
  return [p.last_name, p.first_name, p.middle_name].filter(Boolean).join(' ');
}
