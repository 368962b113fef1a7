import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';

const MAX_ENTRIES = 10_000;
// A live answer is trusted this long without asking the database again: the bound on how late an
// end reaches a node that missed its message (Redis briefly away).
const LIVE_FOR_MS = 60_000;

/** Carries "these sessions ended" to every API node (Redis pub/sub), this one included. */
export interface SessionBus {
  publish(sessionIds: string[]): Promise<void>;
  subscribe(onEnded: (sessionIds: string[]) => void): void;
  /** Waits (at most `ms`) until this node hears the others. */
  ready(ms: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Whether the session behind an access token still runs, checked on every signed-in request.
 * Answers from memory: a live session for a minute, an ended one for good (sessions never come
 * back). `ended` forgets sessions here and, through the bus, on every other node.
 */
export class LiveSessions {
  private readonly known = new Map<string, { live: boolean; until: number }>();
  // Bumped by every end, so that a lookup that raced with it does not store a stale "live".
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly bus?: SessionBus,
  ) {
    bus?.subscribe((ids) => this.forget(ids));
  }

  async isLive(sessionId: string): Promise<boolean> {
    const hit = this.known.get(sessionId);
    if (hit && hit.until > Date.now()) return hit.live;
    const generation = this.generation;
    const [row] = await this.db
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    const live = Boolean(row && !row.revokedAt);
    if (generation === this.generation) this.remember(sessionId, live);
    return live;
  }

  async ended(sessionIds: string[]): Promise<void> {
    if (!sessionIds.length) return;
    this.forget(sessionIds);
    await this.bus?.publish(sessionIds);
  }

  async ready() {
    await this.bus?.ready(2000);
  }

  async close() {
    await this.bus?.close();
  }

  private forget(sessionIds: string[]) {
    this.generation++;
    for (const id of sessionIds) this.remember(id, false);
  }

  private remember(sessionId: string, live: boolean) {
    this.known.delete(sessionId);
    if (this.known.size >= MAX_ENTRIES) this.known.delete(this.known.keys().next().value!);
    this.known.set(sessionId, { live, until: live ? Date.now() + LIVE_FOR_MS : Infinity });
  }
}
