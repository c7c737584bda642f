import { Suspense, lazy, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../components/button';
import { BuyerSelectDialog } from '../features/auth/buyer-select-dialog';
import { useSession } from '../shared/session/session-context';
import narrow from '../styles/narrow-label.module.css';
import styles from './company-switch.module.css';

/** Its company lookup form loads when asked for, not with the first page (decision 030). */
const AddCompanyDialog = lazy(() => import('../features/auth/add-company-dialog').then((m) => ({ default: m.AddCompanyDialog })));

/** The company the customer orders for, the way to order for another one of theirs, and to add one. */
export function CompanySwitch() {
  const { t } = useLingui();
  const { status, buyers, selectedBuyerId, selectBuyer } = useSession();
  const [open, setOpen] = useState<'closed' | 'choosing' | 'adding'>('closed');
  const selected = buyers.find((buyer) => buyer.id === selectedBuyerId);
  return (
    <div className={styles.root}>
      <p className={styles.company}>
        <span className={styles.caption}>
          <Trans>Company</Trans>
        </span>
        <span className={styles.name} title={selected?.company}>
          {selected?.company ?? t`No company selected`}
        </span>
      </p>
      <Button size="small" className={styles.switch} onClick={() => setOpen('choosing')}>
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M4 8h13m0 0-3.5-3.5M17 8l-3.5 3.5M20 16H7m0 0 3.5-3.5M7 16l3.5 3.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {/* Phones show only the arrows, so the company's name keeps the row. */}
        <span className={narrow.fromMd}>
          <Trans>Switch company</Trans>
        </span>
      </Button>
      {open === 'choosing' && status === 'authenticated' ? (
        <BuyerSelectDialog
          buyers={buyers}
          selectedBuyerId={selectedBuyerId}
          onSelect={(id) => {
            selectBuyer(id);
            setOpen('closed');
          }}
          onCancel={() => setOpen('closed')}
          onAddCompany={() => setOpen('adding')}
        />
      ) : null}
      {open === 'adding' && status === 'authenticated' ? (
        <Suspense fallback={null}>
          <AddCompanyDialog onClose={() => setOpen('closed')} />
        </Suspense>
      ) : null}
    </div>
  );
}
