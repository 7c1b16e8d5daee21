// The push area's public file: its RPCs (Web Push subscriptions), starting it with the server, and pushing
// a chat message to the participants who are not connected.
export { pushRpcs } from './rpc.ts';
export { chatUrl, pushChatMessage, startPush } from './service.ts';
