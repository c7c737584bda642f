import { Trans, useLingui } from '@lingui/react/macro';
import { RequestButton } from '../requests/request-dialog';
import type { SupplierDoc } from '../../../db/schema/suppliers';
import card from '../../components/card.module.css';

/**
 * A locked supplier sells only to buyers it has accepted (docs/product-rules.md §3 status locked): the buyer sees who
 * it is and that access must be requested, but no products or prices (decision record 010).
 */
export function LockedSupplierNotice({ supplier }: { supplier: Pick<SupplierDoc, 'id' | 'name'> }) {
  const { t } = useLingui();
  const supplierName = supplier.name;
  return (
    <div className={`${card.card} ${card.roomy} ${card.notice}`} role="note">
      <p>
        <LockIcon />
        <Trans>{supplier.name} sells only to approved buyers. Request access from the supplier to see its products and prices.</Trans>
      </p>
      <RequestButton
        label={t`Request access`}
        title={t`Locked supplier request`}
        description={t`${supplierName} will be asked to let your company see its products and prices and order from it.`}
        request={{ kind: 'locked_supplier', supplierId: supplier.id }}
      />
    </div>
  );
}

/** A padlock drawn inline: emoji fonts are missing on some systems (a box instead of 🔒). */
export function LockIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="14"
      height="14"
      viewBox="0 0 16 16"
      style={{ verticalAlign: '-2px', marginRight: '4px' }}
    >
      <path fill="currentColor" d="M4 7V5a4 4 0 1 1 8 0v2h1v8H3V7h1Zm2 0h4V5a2 2 0 1 0-4 0v2Z" />
    </svg>
  );
}
