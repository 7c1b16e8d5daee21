// A match's life, announced as steps other areas register at the module's init: matches announces a match
// being deleted, and competition, which counts players' totals from the events that go with it, registers
// a step. So matches never calls competition, which builds on matches.
import type { Queryable } from '@tribuna/server';
import type { Match } from './store.ts';

/** What a step leaves for the same transaction once the match's row is gone. */
type AfterDelete = () => Promise<void>;

/**
 * A step in the transaction that deletes the match, before its row (and its events, which go with it) is
 * deleted; it may run again when the transaction retries, so it changes nothing but through q.
 */
export type DeletingStep = (q: Queryable, match: Match) => Promise<AfterDelete | void>;

// Steps are kept in a set: every server started in one process inits the module, and a step registered
// again runs once.
class MatchLife {
  private readonly deleted = new Set<DeletingStep>();

  /** In the deleting transaction, before the match's row goes; what the step answers runs after it went. */
  onDeleted(step: DeletingStep): void {
    this.deleted.add(step);
  }

  /** Runs the deleted steps; the answer runs, in the same transaction, what they left for after the row is gone. */
  async matchDeleting(q: Queryable, match: Match): Promise<AfterDelete> {
    const later: AfterDelete[] = [];
    for (const step of this.deleted) {
      const after = await step(q, match);
      if (after) later.push(after);
    }
    return async () => {
      for (const after of later) await after();
    };
  }
}

export const matchLife = new MatchLife();
