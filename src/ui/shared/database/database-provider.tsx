import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { getAppDatabase, type AppDatabase } from '../../../db/database';

const DatabaseContext = createContext<AppDatabase | null>(null);

/** Tests (and later a shared app provider) hand in a database; otherwise the app's one database is used. */
export function ProductDatabaseProvider({ database, children }: { database: AppDatabase; children: ReactNode }) {
  return <DatabaseContext.Provider value={database}>{children}</DatabaseContext.Provider>;
}

/** The local database, or null while it opens (or when it failed to open, which is logged). */
export function useProductDatabase(): AppDatabase | null {
  const provided = useContext(DatabaseContext);
  const [opened, setOpened] = useState<AppDatabase | null>(null);
  useEffect(() => {
    if (provided) return undefined;
    let active = true;
    getAppDatabase().then(
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
