// What the RPC contract refuses at compile time. Each marked line must stay a type error: `tsc` fails
// when one compiles. rpc-contract.test.ts checks that these are the errors: an unknown id, a field the
// payload does not have, and a field the answer does not have. Never imported, so never bundled.
import { rpc, type RpcId, type RpcOutput } from './rpc.ts';

export async function misuses() {
  // @ts-expect-error: no RPC is called get_teem.
  await rpc('get_teem', { id: '00000000-0000-0000-0000-000000000000' });
  // @ts-expect-error: get_team takes { id }, not { team_id }.
  await rpc('get_team', { team_id: '00000000-0000-0000-0000-000000000000' });
  const team = await rpc('get_team', { id: '00000000-0000-0000-0000-000000000000' });
  // @ts-expect-error: a team has a name, not a title.
  return team.title;
}

type IsAny<T> = 0 extends 1 & T ? true : false;
/** The ids whose answer is untyped (any): none, or a wrong answer field there would compile. */
type UntypedAnswers = { [K in RpcId]: IsAny<RpcOutput<K>> extends true ? K : never }[RpcId];
export const everyAnswerTyped: [UntypedAnswers] extends [never] ? true : false = true;
