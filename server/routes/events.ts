import type { FastifyInstance } from 'fastify';
import { eventsTicketSchema } from '../../src/contracts/sync';
import { requireAuth, requireEventsTicket, sessionOf } from '../http/auth';
import { ok } from '../http/envelope';
import { signToken } from '../services/access-token';
import { LiveEventHub, type LiveEventOptions } from '../services/change-feed/live-events';
import { notifierFor, type ChangeNotifier } from '../services/change-feed/notifier';
import { MAX_STREAMS_PER_CUSTOMER, SessionStreams } from '../services/change-feed/session-streams';

/** Long enough for EventSource to open the stream after the ticket call; too short to be worth stealing. */
export const EVENTS_TICKET_TTL_SECONDS = 60;

export type EventRoutesOptions = LiveEventOptions & {
  /** Default: notifierFor(app.db) — LISTEN on PostgreSQL, `listen` on a PGlite Db that exposes it, else polling. */
  notifier?: ChangeNotifier;
  /**
   * How often this instance asks the database whether the sessions of its open streams are still open
   * (sessions ended on another instance). Sessions ended on this one close their streams at once.
   */
  sessionCheckMs?: number;
  maxStreamsPerCustomer?: number;
};

/**
 * `POST /api/events/ticket` then `GET /api/events?token=<ticket>`: Server-Sent Events telling the storefront
 * which catalogue collections changed, and when the signed-in customer's own cart changed (for which buyer). EventSource cannot send headers, so the credential comes in the
 * query, and it is a ticket of a minute rather than the access token (the logger redacts it anyway).
 * The stream bypasses the reply pipeline (hijack), so compression never buffers it.
 */
export async function eventRoutes(app: FastifyInstance, options: EventRoutesOptions = {}): Promise<void> {
  const log = (msg: string, err?: unknown): void => app.log.warn({ err }, msg);
  const hub = new LiveEventHub(options.notifier ?? notifierFor(app.db, app.config.databaseUrl, log), options);
  const streams = new SessionStreams(options.maxStreamsPerCustomer ?? MAX_STREAMS_PER_CUSTOMER);
  const stopListening = app.sessions.onEnded((familyIds) => streams.endFamilies(familyIds));
  const sweep = sessionSweep(app, streams, options.sessionCheckMs ?? 2000);

  // Open streams would keep server.close() waiting forever: end them first.
  app.addHook('preClose', async () => {
    stopListening();
    sweep.stop();
    await hub.close();
  });

  app.post('/api/events/ticket', { preHandler: requireAuth }, async (request) => {
    const ticket = signToken(app.config.jwtSecret, 'events', sessionOf(request), EVENTS_TICKET_TTL_SECONDS, app.clock.now());
    return ok(eventsTicketSchema, { ticket, expiresIn: EVENTS_TICKET_TTL_SECONDS });
  });

  // No HEAD twin: a hijacked stream's headers go out with its first write, which HEAD never makes, so a
  // signed-in HEAD request was held open forever without an answer (found by the endpoint fuzz test).
  app.get('/api/events', { preHandler: requireEventsTicket, exposeHeadRoute: false }, async (request, reply) => {
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
    const write = (chunk: string): void => {
      if (!res.writableEnded) res.write(chunk);
    };
    let removeFromHub = (): void => undefined;
    const unregister = streams.admit(sessionOf(request), (message) => {
      removeFromHub();
      write(message);
      res.end();
    });
    removeFromHub = hub.add({ write, end: () => res.end() }, sessionOf(request).customerId);
    request.raw.once('close', () => {
      removeFromHub();
      unregister();
    });
  });
}

/** Closes the streams whose session another instance (or the database directly) has ended. */
function sessionSweep(app: FastifyInstance, streams: SessionStreams, everyMs: number): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running || streams.size === 0) return;
    running = true;
    const families = streams.familyIds();
    app.sessions
      .openAmong(families)
      .then((open) => streams.endFamilies(families.filter((id) => !open.has(id))))
      .catch((error: unknown) => app.log.warn({ err: error }, 'live streams: session check failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
