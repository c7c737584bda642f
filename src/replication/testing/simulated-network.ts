import { M } from '../../contracts/messages';
import type { FetchLike } from '../http-call';

/**
 * A network between the storefront's bridge client and a real bridge, for tests that play connectivity
 * (README "Testing offline behaviour"). Give `fetch` to `createBridgeClient`; then cut the network, slow
 * it down, or make the next matching requests fail in one of the ways a phone in a basement sees:
 *
 * - `online = false`: every request fails at once, as the browser's fetch does offline;
 * - `dropRequests(n)`: the request never reaches the bridge (a timeout or reset before sending);
 * - `loseResponses(n)`: the bridge receives and handles the request, then the answer is lost;
 * - `duplicateRequests(n)`: the request reaches the bridge twice (a proxy retry); the client sees the second answer;
 * - `unauthorized(n)`: a 401 without reaching the bridge, as when the access token expired on the way;
 * - `delayMs`: every request waits this long before it is sent.
 *
 * `delivered` lists what reached the bridge ("POST /api/bridge/buyer/order"), `sent` what the client tried.
 */
export interface SimulatedNetwork {
  fetch: FetchLike;
  online: boolean;
  delayMs: number;
  dropRequests(count: number, match?: RegExp): void;
  loseResponses(count: number, match?: RegExp): void;
  duplicateRequests(count: number, match?: RegExp): void;
  unauthorized(count: number, match?: RegExp): void;
  /** Back online with no fault left to happen. */
  heal(): void;
  readonly delivered: string[];
  readonly sent: string[];
}

type Fault = 'drop' | 'lose' | 'duplicate' | 'unauthorized';

export function simulatedNetwork(realFetch: FetchLike = (input, init) => fetch(input, init)): SimulatedNetwork {
  const faults: { fault: Fault; left: number; match: RegExp }[] = [];
  const delivered: string[] = [];
  const sent: string[] = [];

  const take = (label: string): Fault | undefined => {
    const entry = faults.find((f) => f.left > 0 && f.match.test(label));
    if (!entry) return undefined;
    entry.left -= 1;
    return entry.fault;
  };
  const offline = () => new TypeError('Failed to fetch');

  const network: SimulatedNetwork = {
    online: true,
    delayMs: 0,
    delivered,
    sent,
    dropRequests: (count, match = /./) => void faults.push({ fault: 'drop', left: count, match }),
    loseResponses: (count, match = /./) => void faults.push({ fault: 'lose', left: count, match }),
    duplicateRequests: (count, match = /./) => void faults.push({ fault: 'duplicate', left: count, match }),
    unauthorized: (count, match = /./) => void faults.push({ fault: 'unauthorized', left: count, match }),
    heal() {
      network.online = true;
      network.delayMs = 0;
      faults.length = 0;
    },
    async fetch(input, init) {
      const label = `${init.method ?? 'GET'} ${new URL(input, 'http://bridge.invalid').pathname}`;
      sent.push(label);
      if (network.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, network.delayMs));
      if (!network.online) throw offline();
      const fault = take(label);
      if (fault === 'drop') throw offline();
      if (fault === 'unauthorized') {
        const body = { code: 401, result: null, errors: [{ description: M.notAuthorized }] };
        return new Response(JSON.stringify(body), { status: 401, headers: { 'content-type': 'application/json' } });
      }
      delivered.push(label);
      if (fault === 'duplicate') {
        delivered.push(label);
        await (await realFetch(input, init)).arrayBuffer();
      }
      const answer = await realFetch(input, init);
      if (fault === 'lose') {
        await answer.arrayBuffer();
        throw offline();
      }
      return answer;
    },
  };
  return network;
}
