/**
 * Demo coupons and credit terms (docs/decisions/018-cart.md): a percentage off the first supplier's goods,
 * a fixed amount off from a minimum, one coupon that has expired; the first demo buyer has approved credit
 * terms with the first supplier (payment method 3) and a pending request with the second.
 */
export interface CouponRow {
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  supplier_id: string | null;
  min_subtotal_cents: number | null;
  expires_at: string | null;
}

export interface CreditTermRow {
  buyer_id: string;
  supplier_id: string;
  status: 'pending' | 'approved' | 'rejected';
}

export function demoCoupons(supplierIds: readonly number[], today: Date): CouponRow[] {
  const first = supplierIds[0];
  const nextYear = new Date(today.getTime() + 365 * 86_400_000).toISOString();
  return [
    {
      code: 'SUPPLIER10',
      kind: 'percent',
      value: 10,
      supplier_id: first === undefined ? null : String(first),
      min_subtotal_cents: null,
      expires_at: nextYear,
    },
    { code: 'SAVE5', kind: 'fixed', value: 500, supplier_id: null, min_subtotal_cents: 5000, expires_at: nextYear },
    { code: 'EXPIRED20', kind: 'percent', value: 20, supplier_id: null, min_subtotal_cents: null, expires_at: '2020-01-01T00:00:00.000Z' },
  ];
}

export function demoCreditTerms(buyerIds: readonly string[], supplierIds: readonly number[]): CreditTermRow[] {
  const [buyer] = buyerIds;
  const [first, second] = supplierIds;
  if (buyer === undefined || first === undefined) return [];
  const rows: CreditTermRow[] = [{ buyer_id: buyer, supplier_id: String(first), status: 'approved' }];
  if (second !== undefined) rows.push({ buyer_id: buyer, supplier_id: String(second), status: 'pending' });
  return rows;
}
