import type { Queryable } from '../db/client';

/** A real round trip, so a load balancer stops sending traffic to an instance whose database is gone. */
export async function checkDatabase(db: Queryable): Promise<void> {
  await db.query('select 1');
}
