import { describe, expect, it, vi } from 'vitest';
import { forwardingSessionWork } from './browser-session';

describe('the browser session’s work', () => {
  it('reaches the work given by a later call, and a call without one keeps it', () => {
    const forwarding = forwardingSessionWork();
    forwarding.use(undefined);
    // Nothing given yet: starting and stopping do nothing and do not throw.
    forwarding.work.start();
    forwarding.work.stop();

    const catalogue = { start: vi.fn(), stop: vi.fn() };
    forwarding.use(catalogue);
    forwarding.use(undefined);
    forwarding.work.start();
    expect(catalogue.start).toHaveBeenCalledTimes(1);
    forwarding.work.stop();
    expect(catalogue.stop).toHaveBeenCalledTimes(1);

    const other = { start: vi.fn(), stop: vi.fn() };
    forwarding.use(other);
    forwarding.work.start();
    expect(other.start).toHaveBeenCalledTimes(1);
    expect(catalogue.start).toHaveBeenCalledTimes(1);
  });
});
