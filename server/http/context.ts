import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../src/domain/clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { CompanyRegistry } from '../services/company-registry';
import type { Mailer } from '../services/mailer';
import type { SessionStatus } from '../services/session-status';

/** What every route may use, hung on the Fastify instance so route plugins need no imports of app.ts. */
export type AppContext = {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  companyRegistry: CompanyRegistry;
  /** Whether a session (refresh-token family) is still open; ended sessions are reported to listeners. */
  sessions: SessionStatus;
};

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    clock: Clock;
    mailer: Mailer;
    companyRegistry: CompanyRegistry;
    sessions: SessionStatus;
  }
}

export function decorateContext(app: FastifyInstance, ctx: AppContext): void {
  app.decorate('config', ctx.config);
  app.decorate('db', ctx.db);
  app.decorate('clock', ctx.clock);
  app.decorate('mailer', ctx.mailer);
  app.decorate('companyRegistry', ctx.companyRegistry);
  app.decorate('sessions', ctx.sessions);
}
