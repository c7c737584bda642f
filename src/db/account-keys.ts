/** Keys of the `account` collection's keyed documents. */
export const CURRENT_CUSTOMER_KEY = 'customer';

export function selectedBuyerKey(customerId: string): string {
  return `selected_buyer:${customerId}`;
}

/** The buyer's billing details (what invoices are issued to), shared by the buyer's users on this device. */
export function billingKey(buyerId: string): string {
  return `billing:${buyerId}`;
}

/** The buyer's credit terms as the device last knew them (from the bridge, or asked for on this device). */
export function creditTermsKey(buyerId: string): string {
  return `credit_terms:${buyerId}`;
}
