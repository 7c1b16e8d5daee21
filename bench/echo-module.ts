// A runtime module for the bench only: the echo RPC of Nakama's own benchmark, and memory figures.
import type { RuntimeModule } from '../server/src/index.ts';

const bench: RuntimeModule = {
  name: 'bench',
  init(initializer) {
    initializer.registerRpc('echo', (_ctx, payload) => payload);
    initializer.registerRpc('bench_memory', () => {
      (globalThis as { gc?: () => void }).gc?.();
      return JSON.stringify(process.memoryUsage());
    });
  },
};

export default bench;
