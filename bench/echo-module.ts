// A runtime module for the bench only: the echo RPC of Nakama's own benchmark, memory figures, CPU profiles
// of the server (bench_profile, for --profile) and the set-up of a team chat larger than a roster can make
// (a team has at most 99 numbers).
import { Session } from 'node:inspector/promises';
import type { RuntimeModule } from '../server/src/index.ts';

const bench: RuntimeModule = {
  name: 'bench',
  init(initializer, nk) {
    initializer.registerRpc('echo', (_ctx, payload) => payload);
    initializer.registerRpc('bench_memory', () => {
      (globalThis as { gc?: () => void }).gc?.();
      return JSON.stringify(process.memoryUsage());
    });
    // {action: 'start'} starts V8's sampling profiler in this process; {action: 'stop'} answers the profile.
    let profiler: Session | undefined;
    initializer.registerRpc('bench_profile', async (_ctx, payload) => {
      const { action } = JSON.parse(payload) as { action: 'start' | 'stop' };
      if (action === 'start') {
        profiler = new Session();
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
        await profiler.post('Profiler.start');
        return '{}';
      }
      if (!profiler) throw new Error('The profiler was not started.');
      const { profile } = await profiler.post('Profiler.stop');
      profiler.disconnect();
      profiler = undefined;
      return JSON.stringify(profile);
    });
    // Registered (proven e-mail) accounts `<prefix>-<n>@bench.local` and their session tokens.
    initializer.registerRpc('bench_users', async (_ctx, payload) => {
      const { prefix, count } = JSON.parse(payload) as { prefix: string; count: number };
      const out: { userId: string; token: string }[] = [];
      for (let i = 0; i < count; i += 50) {
        out.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, async (_, k) => {
          const { userId, username } = await nk.authenticateVerifiedEmail(`${prefix}-${i + k}@bench.local`);
          return { userId, token: nk.authenticateTokenGenerate(userId, username).token };
        }))));
      }
      return JSON.stringify(out);
    });
    // Adds users to a group (a team chat's), as the system.
    initializer.registerRpc('bench_group_add', async (_ctx, payload) => {
      const { groupId, userIds } = JSON.parse(payload) as { groupId: string; userIds: string[] };
      for (let i = 0; i < userIds.length; i += 100) await nk.groupUsersAdd(groupId, userIds.slice(i, i + 100));
      return '{}';
    });
  },
};

export default bench;
