import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { NotificationCenter } from './notification-center';
import type { NotificationInput } from './notification-list';
import { NotificationRegion } from './notification-region';

export type { NotificationInput, NotificationType, NotificationAction } from './notification-list';

const CenterContext = createContext<NotificationCenter | null>(null);

/** Provides `useNotify()` and renders the live region that shows the notifications. */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [center] = useState(() => new NotificationCenter());
  useEffect(() => () => center.dispose(), [center]);
  return (
    <CenterContext.Provider value={center}>
      {children}
      <NotificationRegion center={center} />
    </CenterContext.Provider>
  );
}

function useCenter(): NotificationCenter {
  const center = useContext(CenterContext);
  if (!center) throw new Error('Notifications need <NotificationsProvider> above this component');
  return center;
}

/** `notify({ type, message, timeToLive?, action? })`; returns the id, or null for a repeat of the last one. */
export function useNotify(): (input: NotificationInput) => number | null {
  return useCenter().notify;
}
