import { loadConfig } from '../../../server/config';
import { pgliteWorkerOf } from '../../../server/db/pglite-thread';
import { startBridge } from '../../../server/start';

/**
 * The real bridge start (server/start.ts, as server/main.ts runs it). A line on stdin stops its database
 * thread the way a crash would; nothing in the bridge itself offers that.
 */
const bridge = await startBridge(loadConfig());
process.stdin.once('data', () => {
  void pgliteWorkerOf(bridge.db)?.terminate();
});
