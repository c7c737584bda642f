import { describe, expect, it } from 'vitest';
import { filterOrderHistory, historySearchText, HISTORY_PAGE_SIZE, type HistoryOrder } from './history';

const order = (i: number, over: Partial<HistoryOrder> = {}): HistoryOrder => ({
  id: `o-${String(i).padStart(3, '0')}`,
  backendOrderId: String(100000 + i),
  status: 'pending',
  createdAt: 1_700_000_000_000 + i * 60_000,
  supplierId: i % 2 === 0 ? 's-even' : 's-odd',
  supplierName: i % 2 === 0 ? 'Αφοί Παπαδόπουλοι' : 'Κρητικά Έλαια',
  customerId: i % 3 === 0 ? 'c-1' : 'c-2',
  total: 1000 + i,
  products: [{ sku: `SKU-${i}`, name: i === 7 ? 'Ελαιόλαδο 5L' : 'Ρύζι' }],
  ...over,
});

describe('historySearchText', () => {
  it.each([
    ['#100007', '100007'],
    ['  # 100007 ', '100007'],
    ['##1', '#1'],
    ['λάδι', 'λάδι'],
  ])('%j becomes %j', (raw, text) => expect(historySearchText(raw)).toBe(text));
});

describe('filterOrderHistory', () => {
  const all = Array.from({ length: 60 }, (_, i) => order(i));

  it('shows the newest first, 25 a page, and clamps the page', () => {
    const first = filterOrderHistory(all, {});
    expect(first.items).toHaveLength(HISTORY_PAGE_SIZE);
    expect(first.items[0]?.id).toBe('o-059');
    expect(first).toMatchObject({ total: 60, page: 1, pages: 3 });
    expect(filterOrderHistory(all, { page: 3 }).items.map((o) => o.id)).toEqual(Array.from({ length: 10 }, (_, i) => order(9 - i).id));
    expect(filterOrderHistory(all, { page: 99 }).page).toBe(3);
    expect(filterOrderHistory(all, { sortOrder: 'asc' }).items[0]?.id).toBe('o-000');
  });

  it('filters by status, dates (both ends included), user, supplier and search text', () => {
    const mixed = all.map((o, i) => (i < 5 ? { ...o, status: 'waiting' as const } : o));
    expect(filterOrderHistory(mixed, { statuses: ['waiting'] }).total).toBe(5);
    expect(filterOrderHistory(mixed, { statuses: ['waiting', 'pending'] }).total).toBe(60);
    const from = order(10).createdAt;
    const to = order(19).createdAt;
    expect(filterOrderHistory(all, { from, to }).total).toBe(10);
    expect(filterOrderHistory(all, { customerId: 'c-1' }).total).toBe(20);
    expect(filterOrderHistory(all, { supplierId: 's-odd' }).total).toBe(30);
    expect(filterOrderHistory(all, { search: '#100007' }).items.map((o) => o.id)).toEqual(['o-007']);
    expect(filterOrderHistory(all, { search: 'ελαιόλαδο' }).items.map((o) => o.id)).toEqual(['o-007']);
    expect(filterOrderHistory(all, { search: 'κρητικά' }).total).toBe(30);
    expect(filterOrderHistory(all, { search: 'sku-42' }).items.map((o) => o.id)).toEqual(['o-042']);
  });
});
