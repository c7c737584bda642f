import type { FastifyInstance } from 'fastify';
import { envelopeSchema, healthResultSchema } from '../../src/contracts/envelope';
import { ok } from '../http/envelope';

export const healthResponseSchema = envelopeSchema(healthResultSchema);

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', async () => {
    // A real round trip, so a load balancer stops sending traffic to an instance whose database is gone.
    await app.db.query('select 1');
    return ok(healthResultSchema, { status: 'ok', database: app.db.kind });
  });
}
