import { useEffect, useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CustomerHit } from '../../../contracts/admin';
import { searchCustomers } from '../../../replication/admin-api';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormAlert } from '../../components/form-alert';
import form from '../../components/form.module.css';
import { errorText } from '../../shared/session/error-message';
import { useSessionController } from '../../shared/session/session-context';
import styles from './admin.module.css';

/** The search waits for a pause in typing; the bridge needs at least 2 characters. */
const SEARCH_DELAY_MS = 250;
const MIN_QUERY = 2;

type Search = { query: string; hits: CustomerHit[] | null; error: string | null };

/**
 * "Log in as a customer" (docs/decisions/025-admin-login-as.md): search customers by email or name, pick one,
 * confirm. Another administrator cannot be picked. On confirmation the session switches and the app reloads.
 */
export function LoginAsDialog({ onClose }: { onClose(): void }) {
  const { t, i18n } = useLingui();
  const controller = useSessionController();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<Search>({ query: '', hits: null, error: null });
  const [picked, setPicked] = useState<CustomerHit | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const trimmed = query.trim();

  useEffect(() => {
    if (trimmed.length < MIN_QUERY) return undefined;
    let active = true;
    const timer = window.setTimeout(() => {
      searchCustomers(controller.bridge.client, trimmed).then(
        (hits) => active && setSearch({ query: trimmed, hits, error: null }),
        (error: unknown) => active && setSearch({ query: trimmed, hits: null, error: errorText(i18n, error) }),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [trimmed, controller, i18n]);

  const confirm = async () => {
    if (!picked) return;
    setBusy(true);
    setFailure(null);
    try {
      await controller.loginAs(picked.id);
    } catch (error) {
      setFailure(errorText(i18n, error));
      setBusy(false);
    }
  };

  if (picked) {
    const name = `${picked.firstname} ${picked.lastname}`.trim();
    return (
      <Dialog
        title={t`Log in as a customer`}
        onClose={onClose}
        footer={
          <>
            <Button variant="secondary" onClick={() => setPicked(null)} disabled={busy}>
              <Trans>Back</Trans>
            </Button>
            <Button onClick={() => void confirm()} disabled={busy}>
              <Trans>Log in as {name}</Trans>
            </Button>
          </>
        }
      >
        <p>
          <Trans>
            You will see the shop as {name} ({picked.email}) sees it, and act for them. This is recorded. The session ends after an hour at
            most; “Back to my account” returns to you.
          </Trans>
        </p>
        {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      </Dialog>
    );
  }

  const current = search.query === trimmed && trimmed.length >= MIN_QUERY ? search : null;
  return (
    <Dialog title={t`Log in as a customer`} description={t`Find the customer by email or name.`} onClose={onClose}>
      <div className={form.stack}>
        <label htmlFor={inputId} className={styles.label}>
          <Trans>Email or name</Trans>
        </label>
        <input
          id={inputId}
          type="search"
          className={styles.input}
          value={query}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
        {current?.error ? <FormAlert tone="error">{current.error}</FormAlert> : null}
        {current?.hits && current.hits.length === 0 ? (
          <p role="status">
            <Trans>No customer matches.</Trans>
          </p>
        ) : null}
        {current?.hits && current.hits.length > 0 ? (
          <ul className={styles.hits} aria-label={t`Customers found`}>
            {current.hits.map((hit) => (
              <li key={hit.id}>
                <button type="button" className={styles.hit} disabled={hit.isAdmin} onClick={() => setPicked(hit)}>
                  <span className={styles.hitName}>{`${hit.firstname} ${hit.lastname}`.trim()}</span>
                  <span className={styles.hitEmail}>{hit.email}</span>
                  {hit.companies.length > 0 ? <span className={styles.hitCompanies}>{hit.companies.join(', ')}</span> : null}
                  {hit.isAdmin ? (
                    <span className={styles.hitCompanies}>
                      <Trans>Administrator: cannot be chosen</Trans>
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Dialog>
  );
}
