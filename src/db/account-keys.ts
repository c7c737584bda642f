/** Keys of the `account` collection's keyed documents. */
export const CURRENT_CUSTOMER_KEY = 'customer';

export function selectedBuyerKey(customerId: string): string {
  return `selected_buyer:${customerId}`;
}
