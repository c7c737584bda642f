import { filter, startWith, switchMap, type Observable } from 'rxjs';
import type { RxLocalDocument } from 'rxdb';
import type { AppDatabase } from '../database';

/**
 * One local document of the database (not of a collection), live: null while it does not exist. Emits once
 * at subscription and again after each write batch that touches it.
 *
 * Not RxDB's `db.getLocal$()`: that one runs two asynchronous steps for every change event of the whole
 * database, all started at once for a batch, and rxjs removes each finished step from a list of all those
 * still running. For the 1,000 products of each first-sync page that is quadratic: at 100,000 products two
 * such observers (the cart's) took 4.2 s of the main thread's 11 s first sync. Here a write batch is looked
 * at once, by its `isLocal` flag, and the document read again only when the batch names it.
 */
export function observeDatabaseLocal<T extends object>(db: AppDatabase, id: string): Observable<RxLocalDocument<AppDatabase, T> | null> {
  return db.eventBulks$.pipe(
    filter((bulk) => bulk.isLocal && !bulk.collectionName && bulk.events.some((event) => event.documentId === id)),
    startWith(null),
    // The newest read wins: one still under way when the document changes again is dropped.
    switchMap(() => db.getLocal<T>(id)),
  );
}
