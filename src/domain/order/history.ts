/**
 * The order history's filters (docs/product-rules.md §7 orders page): statuses, a date range, search text
 * (a leading # stripped, then trimmed; matches the order number, the supplier and the products), who placed
 * it and which supplier; newest first by default; 25 a page.
 */

export const HISTORY_PAGE_SIZE = 25;

export type HistoryStatus = 'waiting' | 'pending' | 'pending_approval' | 'accepted' | 'canceled' | 'closed';

export interface HistoryOrder {
  id: string;
  backendOrderId?: string | undefined;
  /** 'waiting' for an order still on the device, the bridge's status otherwise. */
  status: HistoryStatus;
  createdAt: number;
  supplierId: string;
  supplierName: string;
  customerId: string;
  total: number;
  products: { sku: string; name: string }[];
}

export interface HistoryFilters {
  statuses?: readonly HistoryStatus[] | undefined;
  from?: number | undefined;
  to?: number | undefined;
  search?: string | undefined;
  customerId?: string | undefined;
  supplierId?: string | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
  /** 1-based. */
  page?: number | undefined;
}

/** docs/product-rules.md §5: a leading # is stripped, then the text trimmed. */
export function historySearchText(raw: string): string {
  return raw.trim().replace(/^#/, '').trim();
}

function matches(order: HistoryOrder, text: string): boolean {
  if (!text) return true;
  const needle = text.toLocaleLowerCase('el-GR');
  const haystack = [order.backendOrderId ?? '', order.supplierName, ...order.products.flatMap((p) => [p.sku, p.name])];
  return haystack.some((value) => value.toLocaleLowerCase('el-GR').includes(needle));
}

export function filterOrderHistory(
  orders: readonly HistoryOrder[],
  filters: HistoryFilters,
): { items: HistoryOrder[]; total: number; page: number; pages: number } {
  const text = historySearchText(filters.search ?? '');
  const statuses = filters.statuses && filters.statuses.length > 0 ? new Set(filters.statuses) : null;
  const kept = orders.filter(
    (o) =>
      (!statuses || statuses.has(o.status)) &&
      (filters.from === undefined || o.createdAt >= filters.from) &&
      (filters.to === undefined || o.createdAt <= filters.to) &&
      (!filters.customerId || o.customerId === filters.customerId) &&
      (!filters.supplierId || o.supplierId === filters.supplierId) &&
      matches(o, text),
  );
  const direction = filters.sortOrder === 'asc' ? 1 : -1;
  kept.sort((a, b) => direction * (a.createdAt - b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const pages = Math.max(1, Math.ceil(kept.length / HISTORY_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(filters.page ?? 1)), pages);
  return { items: kept.slice((page - 1) * HISTORY_PAGE_SIZE, page * HISTORY_PAGE_SIZE), total: kept.length, page, pages };
}
