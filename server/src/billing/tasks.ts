import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { billingTasks } from '../db/schema';
import type { AppDeps } from '../deps';

type Deps = Pick<AppDeps, 'db' | 'billing' | 'mailer' | 'config'>;
export type TaskLog = { warn(o: object, m: string): void; error(o: object, m: string): void };
export type Task = typeof billingTasks.$inferSelect;
// What runs each kind of task (billing/work.ts).
export type TaskRunners = Record<string, (deps: Deps, task: Task, log: TaskLog) => Promise<unknown>>;

// Billing work that must not hold up the request that caused it (Stripe and Twilio both want their
// webhooks answered at once): a provider event, or an account's usage after a call. It is written
// down first, then run right after in this process; what a crash or a failure leaves is run again by
// the minute's job, by whichever node takes it (one at a time: a task is claimed for LEASE).

const LEASE = sql`interval '5 minutes'`;
// Given up after this many failed runs (about two days at the back-off below), and logged.
const MAX_ATTEMPTS = 12;
const backoffMinutes = (attempts: number) => Math.min(2 ** attempts, 360);

/** Writes a task down. Asked again while waiting or running, it runs (once more) with the new payload. */
export async function addTask(db: Db | Tx, id: string, kind: string, payload: object, userId: string) {
  await db
    .insert(billingTasks)
    .values({ id, kind, payload, userId })
    .onConflictDoUpdate({
      target: billingTasks.id,
      set: {
        payload,
        version: sql`${billingTasks.version} + 1`,
        runAfter: sql`now()`,
        attempts: 0,
        doneAt: null,
      },
    });
}

/** Writes a task down once: false when it is already known (a provider redelivering an event). */
export async function addTaskOnce(db: Db, id: string, kind: string, payload: object): Promise<boolean> {
  const added = await db
    .insert(billingTasks)
    .values({ id, kind, payload })
    .onConflictDoNothing()
    .returning({ id: billingTasks.id });
  return added.length > 0;
}

async function claim(db: Db): Promise<Task | undefined> {
  const [task] = await db
    .update(billingTasks)
    .set({ lockedUntil: sql`now() + ${LEASE}`, attempts: sql`${billingTasks.attempts} + 1` })
    .where(
      eq(
        billingTasks.id,
        sql`(select id from ${billingTasks} where done_at is null and run_after <= now()
          and (locked_until is null or locked_until < now()) order by run_after limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return task;
}

async function runOne(deps: Deps, runners: TaskRunners, task: Task, log: TaskLog) {
  const same = and(eq(billingTasks.id, task.id), eq(billingTasks.version, task.version));
  try {
    const run = runners[task.kind];
    if (!run) throw new Error(`no runner for billing task kind ${task.kind}`);
    await run(deps, task, log);
    await deps.db
      .update(billingTasks)
      .set({ doneAt: sql`now()`, lockedUntil: null, lastError: null, payload: {} })
      .where(same);
  } catch (err) {
    const givingUp = task.attempts >= MAX_ATTEMPTS;
    const details = { err, task: task.id, attempts: task.attempts };
    if (givingUp) log.error(details, 'billing task given up');
    else log.warn(details, 'billing task failed; it runs again later');
    await deps.db
      .update(billingTasks)
      .set({
        lockedUntil: null,
        lastError: String((err as Error).message ?? err).slice(0, 500),
        runAfter: sql`now() + make_interval(mins => ${backoffMinutes(task.attempts)})`,
        ...(givingUp ? { doneAt: sql`now()` } : {}),
      })
      .where(same);
  }
  // Asked for again while it ran: free it to run once more.
  await deps.db
    .update(billingTasks)
    .set({ lockedUntil: null })
    .where(and(eq(billingTasks.id, task.id), sql`${billingTasks.version} <> ${task.version}`));
}

const running = new WeakMap<Db, Promise<number>>();

/**
 * Runs the tasks that are due until none is left, one run at a time per database in this process:
 * a call made while one runs waits for it, then runs again (so it also sees what that one added).
 * Answers how many ran.
 */
export function runTasks(deps: Deps, runners: TaskRunners, log: TaskLog): Promise<number> {
  const previous = running.get(deps.db) ?? Promise.resolve(0);
  const run = previous
    .catch(() => 0)
    .then(async () => {
      let ran = 0;
      for (let task = await claim(deps.db); task; task = await claim(deps.db)) {
        await runOne(deps, runners, task, log);
        ran++;
      }
      return ran;
    });
  running.set(deps.db, run);
  return run;
}

/** Removes tasks done more than 30 days ago. */
export async function pruneBillingTasks(db: Db) {
  await db.delete(billingTasks).where(sql`${billingTasks.doneAt} < now() - interval '30 days'`);
}
