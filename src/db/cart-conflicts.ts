import type { RxConflictHandler, WithDeleted } from 'rxdb';
import { sameDocument as same } from '../domain/cart/canonical';
import { DEFAULT_MERGE_RULES, mergeLineQuantity } from '../domain/cart/merge';
import type { CartItemDoc } from './schema/cart-items';
import type { CartSupplierDoc } from './schema/cart-suppliers';

const live = (doc: WithDeleted<CartItemDoc> | undefined): number | undefined => (doc && !doc._deleted ? doc.qty : undefined);

/**
 * A line the device changed while the bridge changed it too (another device, or this one before a reload):
 * the shared merge rules decide the quantity (docs/product-rules.md §4.3; the bridge's cart/update uses the
 * same function). The rest of the line comes from the newer of the two states.
 */
export const cartItemConflicts: RxConflictHandler<CartItemDoc> = {
  isEqual: (a, b) => same(a, b),
  resolve: async ({ newDocumentState, realMasterState, assumedMasterState }) => {
    const qty = mergeLineQuantity(
      { base: live(assumedMasterState), server: live(realMasterState), client: live(newDocumentState) },
      DEFAULT_MERGE_RULES,
    );
    const newer = newDocumentState.updated_at >= realMasterState.updated_at ? newDocumentState : realMasterState;
    const updated_at = Math.max(newDocumentState.updated_at, realMasterState.updated_at) + 1;
    if (qty === 0) return { ...newer, updated_at, _deleted: true };
    return { ...newer, qty, updated_at, _deleted: false };
  },
};

/** The later change wins (a person chose it last): per-supplier choices, favourites. */
export function laterChangeWins<T extends { updated_at: number }>(): RxConflictHandler<T> {
  return {
    isEqual: (a, b) => same(a, b),
    resolve: async ({ newDocumentState, realMasterState }) =>
      newDocumentState.updated_at >= realMasterState.updated_at ? newDocumentState : realMasterState,
  };
}

export const cartSupplierConflicts: RxConflictHandler<CartSupplierDoc> = laterChangeWins<CartSupplierDoc>();
