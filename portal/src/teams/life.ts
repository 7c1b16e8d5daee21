// A team's life, announced as steps other areas register at the module's init: teams announces a team
// created or deleted, roster and players a user joining or leaving a team's roster. Chats keep the
// team's chat with it and locker gives a new team its default formation, so neither teams nor roster
// calls them.
import type { Logger, Nk, Queryable } from '@tribuna/server';

export interface TeamCreated {
  id: string;
  ownerId: string;
  name: string;
}

export interface TeamDeleted {
  id: string;
}

/** A user whose place on a team's roster changed (a player of theirs confirmed on it, or gone from it). */
interface TeamMember {
  teamId: string;
  userId: string;
}

/** What a step leaves for after the commit; it cannot undo the commit, so a failure is only logged. */
type AfterCommit = (logger: Logger) => Promise<void>;

/**
 * A step in the transaction that creates or deletes the team: it may run again when the transaction
 * retries, so it changes nothing but through q. Side effects go in what it returns, run after commit.
 */
export type TxStep<E> = (q: Queryable, nk: Nk, event: E) => Promise<AfterCommit | void>;

/** A step after the roster change committed. */
export type MemberStep = (nk: Nk, logger: Logger, member: TeamMember) => Promise<void>;

/** Runs every step, each failure logged, none stopping the next. */
async function runAll<A extends unknown[]>(logger: Logger, what: string, steps: Iterable<(...args: A) => Promise<void>>, ...args: A): Promise<void> {
  for (const step of steps) {
    try {
      await step(...args);
    } catch (err) {
      logger.warn(`teams: a step after ${what} failed`, { err });
    }
  }
}

async function inTx<E>(steps: Set<TxStep<E>>, q: Queryable, nk: Nk, event: E, what: string): Promise<AfterCommit> {
  const later: AfterCommit[] = [];
  for (const step of steps) {
    const after = await step(q, nk, event);
    if (after) later.push(after);
  }
  return (logger) => runAll(logger, what, later.map((after) => () => after(logger)));
}

// Steps are kept in sets: every server started in one process inits the module, and a step registered
// again runs once.
class TeamLife {
  private readonly created = new Set<TxStep<TeamCreated>>();
  private readonly deleted = new Set<TxStep<TeamDeleted>>();
  private readonly joined = new Set<MemberStep>();
  private readonly left = new Set<MemberStep>();

  /** In the creating transaction, after the team's row is inserted. */
  onCreated(step: TxStep<TeamCreated>): void {
    this.created.add(step);
  }

  /** In the deleting transaction, before the team's row (and what cascades with it) goes. */
  onDeleted(step: TxStep<TeamDeleted>): void {
    this.deleted.add(step);
  }

  /** After a player of the user's was confirmed on the team: placed, approved (or changed while confirmed) or joined by an invitation. */
  onMemberJoined(step: MemberStep): void {
    this.joined.add(step);
  }

  /** After a confirmed player of the user's left the team: removed, withdrawn or deleted. */
  onMemberLeft(step: MemberStep): void {
    this.left.add(step);
  }

  /** Runs the created steps; the answer runs what they left for after the commit. */
  teamCreated(q: Queryable, nk: Nk, team: TeamCreated): Promise<AfterCommit> {
    return inTx(this.created, q, nk, team, 'a team was created');
  }

  /** Runs the deleted steps; the answer runs what they left for after the commit. */
  teamDeleting(q: Queryable, nk: Nk, team: TeamDeleted): Promise<AfterCommit> {
    return inTx(this.deleted, q, nk, team, 'a team was deleted');
  }

  memberJoined(nk: Nk, logger: Logger, member: TeamMember): Promise<void> {
    return runAll(logger, 'a member joined a team', this.joined, nk, logger, member);
  }

  memberLeft(nk: Nk, logger: Logger, member: TeamMember): Promise<void> {
    return runAll(logger, 'a member left a team', this.left, nk, logger, member);
  }
}

export const teamLife = new TeamLife();
