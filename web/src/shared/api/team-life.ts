// Team life that several pages share: who is coming to a team event or a match (list_attendance,
// set_attendance, set_attendance_deadline) and the calendar feeds (create, list, revoke).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttendanceStatus } from '@tribuna/portal/types';
import { rpc, type RpcInput } from '../../lib/nakama/rpc.ts';

export type { AttendanceList, AttendanceStatus } from '@tribuna/portal/types';

/** A team event or a match, and the team that answers for it. */
export type AttendanceTarget = ({ event_id: string } | { match_id: string }) & { team_id: string };

const targetKey = (t: AttendanceTarget) => ('event_id' in t ? ['event', t.event_id] : ['match', t.match_id]);

const attendanceKeys = {
  all: ['attendance'] as const,
  of: (t: AttendanceTarget) => [...attendanceKeys.all, ...targetKey(t), t.team_id] as const,
};

export const useAttendance = (t: AttendanceTarget, enabled = true) =>
  useQuery({ queryKey: attendanceKeys.of(t), queryFn: () => rpc('list_attendance', t), enabled });

export function useSetAttendance(t: AttendanceTarget) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (answer: { status: AttendanceStatus; comment: string }) => rpc('set_attendance', { ...t, ...answer }),
    onSettled: () => qc.invalidateQueries({ queryKey: attendanceKeys.of(t) }),
  });
}

export function useSetAttendanceDeadline(t: AttendanceTarget) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (deadline: string | null) => rpc('set_attendance_deadline', { ...t, deadline }),
    onSettled: () => qc.invalidateQueries({ queryKey: attendanceKeys.of(t) }),
  });
}

const feedKeys = { all: ['calendar-feeds'] as const };

export const useCalendarFeeds = (enabled: boolean) =>
  useQuery({ queryKey: feedKeys.all, queryFn: async () => (await rpc('list_calendar_feeds', {})).feeds, enabled });

export function useCreateCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RpcInput<'create_calendar_feed'>) => rpc('create_calendar_feed', input),
    onSettled: () => qc.invalidateQueries({ queryKey: feedKeys.all }),
  });
}

export function useRevokeCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => rpc('revoke_calendar_feed', { id }),
    onSettled: () => qc.invalidateQueries({ queryKey: feedKeys.all }),
  });
}
