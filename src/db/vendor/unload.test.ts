// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { add, getSize, removeAll } from './unload';

/** One module instance for the whole file: the window listeners are installed once, like in a page. */
describe('the unload stand-in (pagehide instead of unload)', () => {
  it('runs each clean-up once when the page is hidden, and adds no unload listener', () => {
    const added = vi.spyOn(window, 'addEventListener');
    const first = vi.fn();
    const second = vi.fn();
    add(first);
    add(second);
    expect(added.mock.calls.map(([type]) => type)).toEqual(['pagehide', 'pageshow']);
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    expect(getSize()).toBe(0);
    added.mockRestore();
  });

  it('a removed clean-up does not run; run() runs it at once and only then', () => {
    const removed = vi.fn();
    const ranEarly = vi.fn();
    add(removed).remove();
    add(ranEarly).run();
    expect(ranEarly).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    expect(removed).not.toHaveBeenCalled();
    expect(ranEarly).toHaveBeenCalledTimes(1);
  });

  it('reloads a page restored from the back/forward cache after its clean-up ran, not one restored without', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    removeAll();
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(reload).not.toHaveBeenCalled();
    add(vi.fn());
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
