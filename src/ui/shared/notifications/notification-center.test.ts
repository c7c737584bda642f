import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationCenter } from './notification-center';
import { NOTIFICATION_TIME_TO_LIVE_MS } from './notification-list';

describe('NotificationCenter', () => {
  let center: NotificationCenter;

  beforeEach(() => {
    vi.useFakeTimers();
    center = new NotificationCenter();
  });

  afterEach(() => {
    center.dispose();
    vi.useRealTimers();
  });

  const messages = () => center.getSnapshot().map((n) => n.message);

  it('shows a notification for 5000 ms by default', () => {
    center.notify({ type: 'success', message: 'Product has been added to the cart!' });
    expect(NOTIFICATION_TIME_TO_LIVE_MS).toBe(5000);
    vi.advanceTimersByTime(4999);
    expect(messages()).toEqual(['Product has been added to the cart!']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('keeps its own lifetime when given one', () => {
    center.notify({ type: 'info', message: 'short', timeToLive: 1000 });
    center.notify({ type: 'info', message: 'long', timeToLive: 8000 });
    vi.advanceTimersByTime(1000);
    expect(messages()).toEqual(['long']);
    vi.advanceTimersByTime(7000);
    expect(messages()).toEqual([]);
  });

  it('keeps a permanent notification (timeToLive 0) until it is dismissed', () => {
    const id = center.notify({ type: 'error', message: 'Internal Application error', timeToLive: 0 });
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(messages()).toEqual(['Internal Application error']);
    expect(id).not.toBeNull();
    center.dismiss(id ?? -1);
    expect(messages()).toEqual([]);
  });

  it('does not add a notification identical to the last one shown', () => {
    expect(center.notify({ type: 'success', message: "You're logged out" })).not.toBeNull();
    expect(center.notify({ type: 'success', message: "You're logged out" })).toBeNull();
    expect(messages()).toEqual(["You're logged out"]);
  });

  it('adds a repeat that is not consecutive, or differs in type', () => {
    center.notify({ type: 'warning', message: 'A' });
    center.notify({ type: 'error', message: 'A' });
    center.notify({ type: 'warning', message: 'B' });
    center.notify({ type: 'warning', message: 'A' });
    expect(center.getSnapshot().map((n) => `${n.type}:${n.message}`)).toEqual(['warning:A', 'error:A', 'warning:B', 'warning:A']);
  });

  it('shows the same message again once the first one has gone', () => {
    center.notify({ type: 'info', message: 'Order waiting!' });
    vi.advanceTimersByTime(5000);
    expect(center.notify({ type: 'info', message: 'Order waiting!' })).not.toBeNull();
    expect(messages()).toEqual(['Order waiting!']);
  });

  it('tells subscribers about every change', () => {
    const listener = vi.fn();
    const unsubscribe = center.subscribe(listener);
    center.notify({ type: 'info', message: 'one' });
    vi.advanceTimersByTime(5000);
    unsubscribe();
    center.notify({ type: 'info', message: 'two' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
