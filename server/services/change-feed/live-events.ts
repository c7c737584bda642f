import {
  SSE_CART_EVENT,
  SSE_CHANGE_EVENT,
  SSE_ORDERS_EVENT,
  SSE_RESYNC_DATA,
  SSE_RESYNC_EVENT,
  type SyncCollection,
} from '../../../src/contracts/sync';
import { ORDER_CHANNEL, type ChangeNotifier, type OwnChannel } from './notifier';

/** Where one connected client's events go (the raw HTTP response in production). */
export interface SseSink {
  write(chunk: string): void;
  end(): void;
}

export type LiveEventOptions = {
  /** Comment line interval that keeps proxies from closing an idle stream (25 s). */
  heartbeatMs?: number;
  /** Notifications within this window are sent as one change event (a bulk import notifies per statement). */
  coalesceMs?: number;
};

/** Reconnect delay the browser's EventSource uses after a dropped stream. */
export const SSE_RETRY_MS = 3000;

export function resyncMessage(): string {
  return `retry: ${SSE_RETRY_MS}\nevent: ${SSE_RESYNC_EVENT}\ndata: ${SSE_RESYNC_DATA}\n\n`;
}

export function changeMessage(collections: readonly SyncCollection[]): string {
  return `event: ${SSE_CHANGE_EVENT}\ndata: ${JSON.stringify({ collections })}\n\n`;
}

export function cartMessage(buyerId: string): string {
  return `event: ${SSE_CART_EVENT}\ndata: ${JSON.stringify({ buyer_id: buyerId })}\n\n`;
}

export function ordersMessage(buyerId: string): string {
  return `event: ${SSE_ORDERS_EVENT}\ndata: ${JSON.stringify({ buyer_id: buyerId })}\n\n`;
}

/** "<customer_id>:<buyer_id>" as the cart and order triggers notify it; null for anything else. */
export function parseCartPayload(payload: string): { customerId: string; buyerId: string } | null {
  const match = /^([^:]{1,64}):([^:]{1,64})$/.exec(payload);
  return match ? { customerId: match[1]!, buyerId: match[2]! } : null;
}

/**
 * The connected clients of this bridge instance and the one notifier subscription they share. The notifier
 * starts with the first client, so an instance nobody listens to does no work.
 */
export class LiveEventHub {
  /** Each client's stream and whose it is (a cart or order change goes to that customer's streams only). */
  private readonly sinks = new Map<SseSink, string | undefined>();
  private readonly pending = new Set<SyncCollection>();
  private flushTimer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private starting: Promise<void> | undefined;
  private readonly heartbeatMs: number;
  private readonly coalesceMs: number;
  private closed = false;

  constructor(
    private readonly notifier: ChangeNotifier,
    options: LiveEventOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? 25_000;
    this.coalesceMs = options.coalesceMs ?? 50;
  }

  get size(): number {
    return this.sinks.size;
  }

  /** Starts the shared notifier once; a failed start is retried by the next client. */
  ensureStarted(): Promise<void> {
    this.starting ??= this.notifier
      .start(
        (collections) => this.onChange(collections),
        (payload, channel) => this.onOwnChange(payload, channel),
      )
      .then(
        () => {
          if (this.closed) return;
          this.heartbeat = setInterval(() => this.broadcast(': heartbeat\n\n'), this.heartbeatMs);
          this.heartbeat.unref();
        },
        (error: unknown) => {
          this.starting = undefined;
          throw error;
        },
      );
    return this.starting;
  }

  /**
   * Registers a client, the customer signed in on it; every (re)connect starts with RESYNC so the client pulls
   * what it missed meanwhile, its cart included.
   */
  add(sink: SseSink, customerId?: string): () => void {
    sink.write(resyncMessage());
    this.sinks.set(sink, customerId);
    return () => {
      this.sinks.delete(sink);
    };
  }

  private onChange(collections: readonly SyncCollection[]): void {
    for (const c of collections) this.pending.add(c);
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = undefined;
      const changed = [...this.pending].sort();
      this.pending.clear();
      if (changed.length > 0) this.broadcast(changeMessage(changed));
    }, this.coalesceMs);
  }

  private onOwnChange(payload: string, channel: OwnChannel): void {
    const changed = parseCartPayload(payload);
    if (!changed) return;
    const message = channel === ORDER_CHANNEL ? ordersMessage(changed.buyerId) : cartMessage(changed.buyerId);
    for (const [sink, customerId] of this.sinks) if (customerId === changed.customerId) sink.write(message);
  }

  private broadcast(message: string): void {
    for (const sink of this.sinks.keys()) sink.write(message);
  }

  /** Ends every stream (so the server can close) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.flushTimer = undefined;
    this.heartbeat = undefined;
    for (const sink of this.sinks.keys()) sink.end();
    this.sinks.clear();
    const starting = this.starting;
    this.starting = undefined;
    // A notifier that never started has nothing to stop; one still starting is stopped once it has.
    if (starting)
      await starting.then(
        () => this.notifier.stop(),
        () => undefined,
      );
  }
}
