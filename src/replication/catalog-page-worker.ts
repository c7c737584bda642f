import { z } from 'zod';
import { runCatalogPageJob, type CatalogPageReply } from './catalog-page-job';

// The bridge sends its Content-Security-Policy (no 'unsafe-eval') with this script too: zod must not probe `new Function`
// (src/ui/csp-safe-zod.ts says why).
z.config({ jitless: true });

/** The catalogue page worker (src/replication/catalog-page-exchange.ts): one pull per message, answered by id. */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: CatalogPageReply): void;
};
scope.onmessage = (event: MessageEvent<unknown>) => {
  void runCatalogPageJob((input, init) => fetch(input, init), event.data, self.location.origin).then((reply) => scope.postMessage(reply));
};
