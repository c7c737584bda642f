import { isRepeatOfLast, toShown } from './notification-list';
import type { NotificationInput, ShownNotification } from './notification-list';

/**
 * Holds the notifications on screen and their lifetimes. An external store (not React state) so that
 * `notify` can be called from anywhere, decide about repeats synchronously and own exactly one timer per
 * notification, whatever StrictMode does with effects.
 */
export class NotificationCenter {
  private shown: readonly ShownNotification[] = [];
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private readonly listeners = new Set<() => void>();
  private nextId = 1;

  /** Returns the id of the new notification, or null when it repeats the last one shown. */
  readonly notify = (input: NotificationInput): number | null => {
    if (isRepeatOfLast(this.shown, input)) return null;
    const notification = toShown(input, this.nextId++);
    this.shown = [...this.shown, notification];
    if (notification.timeToLive > 0) {
      this.timers.set(
        notification.id,
        setTimeout(() => this.dismiss(notification.id), notification.timeToLive),
      );
    }
    this.emit();
    return notification.id;
  };

  readonly dismiss = (id: number): void => {
    const timer = this.timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(id);
    const remaining = this.shown.filter((n) => n.id !== id);
    if (remaining.length === this.shown.length) return;
    this.shown = remaining;
    this.emit();
  };

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): readonly ShownNotification[] => this.shown;

  /** Stops the lifetimes; subscribers stay, since React re-subscribes on its own schedule. */
  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
