import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { sandboxStripeEvents, sandboxStripeObjects, sandboxStripeRequests } from '../../../db/schema';
import type { EventView } from '../../../providers/billing/stripe/api';
import type { SandboxObject } from './objects';

// The sandbox's records of Stripe's side, in our database: objects as JSON, and an outbox of events.
// Every change to a customer's objects runs in a transaction holding that customer's row, so two
// requests (a clock step and a usage charge, say) never interleave.

export const newId = (prefix: string) => `${prefix}_sb${randomBytes(12).toString('base64url')}`;

export class SandboxStore {
  constructor(private readonly db: Db | Tx) {}

  async get<T extends SandboxObject>(id: string, forUpdate = false): Promise<T | undefined> {
    const query = this.db.select().from(sandboxStripeObjects).where(eq(sandboxStripeObjects.id, id));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row?.data as T | undefined;
  }

  async list<T extends SandboxObject>(type: T['object'], customer?: string): Promise<T[]> {
    const rows = await this.db
      .select()
      .from(sandboxStripeObjects)
      .where(
        customer
          ? and(eq(sandboxStripeObjects.type, type), eq(sandboxStripeObjects.customer, customer))
          : eq(sandboxStripeObjects.type, type),
      )
      .orderBy(asc(sandboxStripeObjects.createdAt), asc(sandboxStripeObjects.id));
    return rows.map((row) => row.data as T);
  }

  async insert(object: SandboxObject) {
    await this.db.insert(sandboxStripeObjects).values({
      id: object.id,
      type: object.object,
      customer: 'customer' in object ? object.customer : object.id,
      data: object,
    });
  }

  /**
   * As Stripe deletes a customer: the customer, its cards and sessions go; subscriptions and invoices
   * stay. The sandbox also forgets the requests saved under its idempotency keys (Stripe keeps its
   * request logs; the embedded sandbox keeps no one's name or email after their account is deleted).
   */
  async removeCustomer(customer: string) {
    await this.db.delete(sandboxStripeRequests).where(eq(sandboxStripeRequests.customer, customer));
    await this.db
      .delete(sandboxStripeObjects)
      .where(
        and(
          eq(sandboxStripeObjects.customer, customer),
          inArray(sandboxStripeObjects.type, [
            'customer',
            'payment_method',
            'checkout.session',
            'billing_portal.session',
          ]),
        ),
      );
  }

  async remove(id: string) {
    await this.db.delete(sandboxStripeObjects).where(eq(sandboxStripeObjects.id, id));
  }

  async save(object: SandboxObject) {
    await this.db
      .update(sandboxStripeObjects)
      .set({ data: object })
      .where(eq(sandboxStripeObjects.id, object.id));
  }

  async emit(type: string, object: SandboxObject, created: number) {
    const id = newId('evt');
    const event = {
      id,
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    };
    await this.db.insert(sandboxStripeEvents).values({ id, data: event });
  }

  async undelivered(limit = 50) {
    return this.db
      .select()
      .from(sandboxStripeEvents)
      .where(isNull(sandboxStripeEvents.deliveredAt))
      .orderBy(asc(sandboxStripeEvents.seq))
      .limit(limit);
  }

  /** Events newest first, as Stripe lists them: those not yet delivered only, if asked. */
  async events(filter: { undelivered?: boolean; types?: string[]; limit: number }) {
    const rows = await this.db
      .select()
      .from(sandboxStripeEvents)
      .where(
        and(
          filter.undelivered ? isNull(sandboxStripeEvents.deliveredAt) : undefined,
          filter.types?.length ? inArray(sql`${sandboxStripeEvents.data}->>'type'`, filter.types) : undefined,
        ),
      )
      .orderBy(desc(sandboxStripeEvents.seq))
      .limit(filter.limit);
    return rows.map((row) => row.data as EventView);
  }

  async markDelivered(id: string) {
    await this.db
      .update(sandboxStripeEvents)
      .set({ deliveredAt: new Date() })
      .where(eq(sandboxStripeEvents.id, id));
  }
}
