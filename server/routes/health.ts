import type { FastifyInstance } from 'fastify';
import { envelopeSchema, healthResultSchema } from '../../src/contracts/envelope';
import { ok } from '../http/envelope';
import { checkDatabase } from '../services/health';

export const healthResponseSchema = envelopeSchema(healthResultSchema);

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', async () => {
    await checkDatabase(app.db);
    return ok(healthResultSchema, { status: 'ok', database: app.db.kind });
  });
}
