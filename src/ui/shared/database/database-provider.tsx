import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { AppDatabase } from '../../../db/database';
import { openAppDatabase } from '../../../db/lazy-database';

const DatabaseContext = createContext<AppDatabase | null>(null);

/**
 * The local database for every page below: tests hand in their own; without a provider the app's one
 * database (`openAppDatabase`) is opened on first use.
 */
export function DatabaseProvider({ database, children }: { database: AppDatabase; children: ReactNode }) {
  return <DatabaseContext.Provider value={database}>{children}</DatabaseContext.Provider>;
}

/** The local database, or null while it opens (or when it failed to open, which is logged). */
export function useDatabase(): AppDatabase | null {
  const provided = useContext(DatabaseContext);
  const [opened, setOpened] = useState<AppDatabase | null>(null);
  useEffect(() => {
    if (provided) return undefined;
    let active = true;
    openAppDatabase().then(
      (db) => {
        if (active) setOpened(db);
      },
      (error: unknown) => console.error('The local database could not be opened', error),
    );
    return () => {
      active = false;
    };
  }, [provided]);
  return provided ?? opened;
}
