import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../http/auth';
import { LiveEventHub, type LiveEventOptions } from '../services/change-feed/live-events';
import { notifierFor, type ChangeNotifier } from '../services/change-feed/notifier';

export type EventRoutesOptions = LiveEventOptions & {
  /** Default: notifierFor(app.db) — LISTEN on PostgreSQL, `listen` on a PGlite Db that exposes it, else polling. */
  notifier?: ChangeNotifier;
};

/**
 * `GET /api/events?token=…`: Server-Sent Events telling the storefront which catalogue collections changed
 * (EventSource cannot send headers, so the token comes in the query; the bridge's logger redacts it).
 * The stream bypasses the reply pipeline (hijack), so compression never buffers it.
 */
export async function eventRoutes(app: FastifyInstance, options: EventRoutesOptions = {}): Promise<void> {
  const log = (msg: string, err?: unknown): void => app.log.warn({ err }, msg);
  const hub = new LiveEventHub(options.notifier ?? notifierFor(app.db, app.config.databaseUrl, log), options);

  // Open streams would keep server.close() waiting forever: end them first.
  app.addHook('preClose', async () => {
    await hub.close();
  });

  // No HEAD twin: a hijacked stream's headers go out with its first write, which HEAD never makes, so a
  // signed-in HEAD request was held open forever without an answer (found by the endpoint fuzz test).
  app.get('/api/events', { preHandler: requireAuth, exposeHeadRoute: false }, async (request, reply) => {
    await hub.ensureStarted();
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx and similar proxies buffer responses unless told not to.
      'x-accel-buffering': 'no',
    });
    const remove = hub.add({
      write: (chunk) => {
        if (!res.writableEnded) res.write(chunk);
      },
      end: () => res.end(),
    });
    request.raw.once('close', remove);
  });
}
