export interface Team {
  id: string;
  name: string;
  description: string;
  avatar_id?: string | null;
  team_type: number;
  rating: number;
  creator_id: string;
  member_count: number;
  create_time: string;
  update_time: string;
}

export interface TeamViewer {
  is_owner: boolean;
  is_admin: boolean;
  is_member: boolean;
  has_player: boolean;
  can_manage: boolean;
}

export type TeamWithViewer = Team & { viewer: TeamViewer };

export const TEAM_TYPES: Record<number, string> = { 0: 'Открытая', 1: 'Закрытая' };
