// The attendance area's public file: its RPCs (answers, deadlines and squads), and what reminders and
// calendar feeds build on: a target (a team event or a match) and its teams' members, answers and
// deadlines, the one-click answer links of reminder mails, and the names of the event types.
export { signLink } from './link-token.ts';
export { attendanceRpcs } from './rpc.ts';
export { squadRpcs } from './squad-rpc.ts';
export { closeTime, deadlineOf, targetColumn, teamMembers } from './store.ts';
/** @internal */
export { membersAnswersQuery } from './store.ts';
export { EVENT_TYPE_NAMES, loadTarget, type Target, type TargetKind } from './targets.ts';
