import { map, type Observable } from 'rxjs';
import type { AppDatabase } from '../database';
import type { SupplierDoc } from '../schema/suppliers';

/** One supplier, live (a product page names and links its supplier); null while it is not stored here. */
export function observeSupplier(db: AppDatabase, id: string): Observable<SupplierDoc | null> {
  return db.suppliers.findOne(id).$.pipe(map((doc) => (doc ? (doc.toMutableJSON() as SupplierDoc) : null)));
}
