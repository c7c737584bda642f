import { loadConfig } from './config';
import { startBridge } from './start';

/** `npm run serve`: the bridge from the environment (server/config.ts); any failure to start exits 1. */
startBridge(loadConfig()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
