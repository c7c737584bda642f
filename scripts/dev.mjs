// `npm run dev`: the Vite dev server (http://localhost:5173, hot reload; /api and /media go to the bridge)
// and the bridge under `tsx watch` (restarts on every server change), in one terminal.
import concurrently from 'concurrently';

const bridgePort = process.env.PORT ?? '8080';

const { result } = concurrently(
  [
    { name: 'bridge', command: 'npx tsx watch --clear-screen=false server/main.ts', prefixColor: 'magenta', env: { PORT: bridgePort } },
    {
      name: 'web',
      command: 'npx vite --port 5173 --strictPort',
      prefixColor: 'cyan',
      env: { BRIDGE_URL: `http://localhost:${bridgePort}` },
    },
  ],
  { killOthersOn: ['failure'], restartTries: 0 },
);

result.then(
  () => process.exit(0),
  (events) => {
    const failed = Array.isArray(events) ? events.filter((e) => e.exitCode !== 0).map((e) => e.command.name) : [];
    console.error(`dev: stopped (${failed.join(', ') || 'interrupted'})`);
    process.exit(1);
  },
);
