import { Trans } from '@lingui/react/macro';
import type { SupplierDoc } from '../../../db/schema/suppliers';
import styles from '../listing/listing-page.module.css';

/**
 * A locked supplier sells only to buyers it has accepted (SPEC §3 status locked): the buyer sees who
 * it is and that access must be requested, but no products or prices (decision record 010).
 */
export function LockedSupplierNotice({ supplier }: { supplier: Pick<SupplierDoc, 'name'> }) {
  return (
    <div className={styles.notice} role="note">
      <p>
        <span aria-hidden="true">🔒 </span>
        <Trans>{supplier.name} sells only to approved buyers. Request access from the supplier to see its products and prices.</Trans>
      </p>
    </div>
  );
}
