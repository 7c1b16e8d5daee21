// What a load balancer asks a node: /healthz (the process lives) and /readyz (it should get traffic:
// its database and, in a cluster, Redis answer, and it is not stopping).

/** A dependency's check: resolves when it answers. */
type ReadinessCheck = () => Promise<unknown>;

export interface Readiness {
  ready: boolean;
  node: string;
  /** The node is stopping (SIGTERM): it takes no new traffic whatever its checks say. */
  draining: boolean;
  /** Each dependency: 'ok', or 'unavailable' when it failed or did not answer in time. */
  checks: Record<string, 'ok' | 'unavailable'>;
}

/** A check that has not answered by then counts as failed, so a hung dependency does not hang the probe. */
const CHECK_TIMEOUT_MS = 2_000;

export class Health {
  readonly node: string;
  readonly #checks: Record<string, ReadinessCheck>;
  #draining = false;

  constructor(node: string, checks: Record<string, ReadinessCheck>) {
    this.node = node;
    this.#checks = checks;
  }

  get draining(): boolean {
    return this.#draining;
  }

  /** From now on the node is not ready. */
  startDraining(): void {
    this.#draining = true;
  }

  async readiness(): Promise<Readiness> {
    const names = Object.keys(this.#checks);
    const results = await Promise.all(names.map((name) => answers(this.#checks[name])));
    const checks: Readiness['checks'] = {};
    names.forEach((name, i) => (checks[name] = results[i] ? 'ok' : 'unavailable'));
    return { ready: !this.#draining && results.every(Boolean), node: this.node, draining: this.#draining, checks };
  }
}

async function answers(check: ReadinessCheck): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
    timer.unref();
  });
  try {
    return await Promise.race([check().then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
