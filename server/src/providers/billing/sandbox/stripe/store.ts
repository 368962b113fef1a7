import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../../../db/client';
import { sandboxStripeEvents, sandboxStripeObjects } from '../../../../db/schema';
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

  async byIdempotencyKey<T extends SandboxObject>(key: string): Promise<T | undefined> {
    const [row] = await this.db
      .select()
      .from(sandboxStripeObjects)
      .where(eq(sandboxStripeObjects.idempotencyKey, key));
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

  async insert(object: SandboxObject, idempotencyKey?: string) {
    await this.db.insert(sandboxStripeObjects).values({
      id: object.id,
      type: object.object,
      customer: 'customer' in object ? object.customer : object.id,
      idempotencyKey: idempotencyKey ?? null,
      data: object,
    });
  }

  /** As Stripe deletes a customer: the customer, its cards and sessions go; subscriptions and invoices stay. */
  async removeCustomer(customer: string) {
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

  async markDelivered(id: string) {
    await this.db
      .update(sandboxStripeEvents)
      .set({ deliveredAt: new Date() })
      .where(eq(sandboxStripeEvents.id, id));
  }
}
