/** docs/product-rules.md §3 notification: type, message, an optional action, a lifetime or none. Pure rules, no timers. */
export type NotificationType = 'success' | 'error' | 'warning' | 'info';

export interface NotificationAction {
  label: string;
  onClick(): void;
}

export interface NotificationInput {
  type: NotificationType;
  /** Already translated: the notification shows it as is. */
  message: string;
  /** Milliseconds until it disappears; 0 keeps it until the buyer closes it. */
  timeToLive?: number;
  action?: NotificationAction;
}

export interface ShownNotification {
  id: number;
  type: NotificationType;
  message: string;
  timeToLive: number;
  action?: NotificationAction;
}

/** docs/product-rules.md §9: a notification lives 5000 ms unless it asks for another lifetime or none. */
export const NOTIFICATION_TIME_TO_LIVE_MS = 5000;

/** docs/product-rules.md §5: a notification identical to the one shown last is not added again. */
export function isRepeatOfLast(shown: readonly ShownNotification[], input: NotificationInput): boolean {
  const last = shown.at(-1);
  return last !== undefined && last.type === input.type && last.message === input.message && last.action?.label === input.action?.label;
}

export function toShown(input: NotificationInput, id: number): ShownNotification {
  const timeToLive = Math.max(0, input.timeToLive ?? NOTIFICATION_TIME_TO_LIVE_MS);
  return input.action
    ? { id, type: input.type, message: input.message, timeToLive, action: input.action }
    : { id, type: input.type, message: input.message, timeToLive };
}
