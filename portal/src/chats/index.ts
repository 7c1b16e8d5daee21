// The chats area's public file: its RPCs, the hooks that keep its groups out of the client's group API and
// its channels' writes out of the socket,
// and the team chat's steps in a team's life.
export { registerGroupHooks } from './group-hooks.ts';
export { chatRpcs } from './rpc.ts';
export { registerChatSocketHooks } from './socket-hooks.ts';
export { registerTeamChat } from './team-chat.ts';
