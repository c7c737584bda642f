/**
 * How buyers reach the marketplace's own staff (docs/product-rules.md §2.2, the contact page). The data is
 * placeholder data on `example.gr` until the operator's real details are known: change it here only.
 */
export const SUPPORT_EMAIL = 'support@example.gr';
/** Requests about personal data (access, rectification, erasure, portability). */
export const PRIVACY_EMAIL = 'privacy@example.gr';
/** Written with spaces for reading; `tel:` links strip them. */
export const SUPPORT_PHONE = '+30 210 555 0100';
