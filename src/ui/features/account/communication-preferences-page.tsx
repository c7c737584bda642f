import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CommunicationPreferences, CommunicationPreferencesResult } from '../../../contracts/account-requests';
import { M } from '../../../contracts/messages';
import { fetchCommunicationPreferences, saveCommunicationPreferences } from '../../../replication/account-requests-api';
import { Button } from '../../components/button';
import { FormAlert } from '../../components/form-alert';
import { PageHeading } from '../../components/page-heading';
import { useFormatDateTime } from '../../shared/i18n/use-formatters';
import { errorText } from '../../shared/session/error-message';
import { useSessionController } from '../../shared/session/session-context';
import buyerData from '../../shared/buyer-data/buyer-data.module.css';
import styles from './account.module.css';

type Outcome = { tone: 'success' | 'error'; text: string };

/**
 * `/my-account/communication-preferences`: which optional mails the customer agrees to (decision 024), kept on
 * the bridge with when they last chose. Mails about their account and orders are not optional. It needs the
 * connection; offline it says so and keeps the ticks.
 */
export function Component() {
  const { t, i18n } = useLingui();
  const controller = useSessionController();
  const dateTime = useFormatDateTime();
  const [saved, setSaved] = useState<CommunicationPreferencesResult | null>(null);
  const [choice, setChoice] = useState<CommunicationPreferences | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // Loaded when the page opens, and again when the connection returns if it could not be then.
  useEffect(() => {
    const retry = () => setAttempt((n) => n + 1);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, []);
  useEffect(() => {
    if (!navigator.onLine) return undefined;
    let stopped = false;
    fetchCommunicationPreferences(controller.bridge.client)
      .then((result) => {
        if (stopped) return;
        setSaved(result);
        setChoice((current) => current ?? { newsletter: result.newsletter, supplier_offers: result.supplier_offers });
      })
      .catch((error: unknown) => !stopped && setOutcome({ tone: 'error', text: errorText(i18n, error) }));
    return () => {
      stopped = true;
    };
  }, [controller, i18n, attempt]);

  const save = async () => {
    if (!choice) return;
    setOutcome(null);
    if (!navigator.onLine) {
      setOutcome({ tone: 'error', text: i18n._(M.checkNetwork) });
      return;
    }
    setSaving(true);
    try {
      setSaved(await saveCommunicationPreferences(controller.bridge.client, choice));
      setOutcome({ tone: 'success', text: t`Your communication preferences have been saved` });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(i18n, error) });
    } finally {
      setSaving(false);
    }
  };

  const unchanged =
    !choice || (saved !== null && choice.newsletter === saved.newsletter && choice.supplier_offers === saved.supplier_offers);
  return (
    <div className={styles.page}>
      <PageHeading>{t`Communication preferences`}</PageHeading>
      {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
      {!outcome && !saved && !navigator.onLine ? <FormAlert tone="error">{i18n._(M.checkNetwork)}</FormAlert> : null}
      <fieldset className={styles.choices} disabled={!choice}>
        <legend>{t`Send me by email`}</legend>
        <label className={buyerData.checkbox}>
          <input
            type="checkbox"
            checked={choice?.newsletter ?? false}
            onChange={(event) => choice && setChoice({ ...choice, newsletter: event.target.checked })}
          />
          <Trans>News and offers of the marketplace</Trans>
        </label>
        <label className={buyerData.checkbox}>
          <input
            type="checkbox"
            checked={choice?.supplier_offers ?? false}
            onChange={(event) => choice && setChoice({ ...choice, supplier_offers: event.target.checked })}
          />
          <Trans>Offers of the suppliers I buy from</Trans>
        </label>
      </fieldset>
      <p className={styles.hint}>
        <Trans>Mails about your account and your orders are always sent; you can change these choices at any time.</Trans>
        {saved?.updated_at ? ` ${t`Last changed: ${dateTime(new Date(saved.updated_at))}`}` : null}
      </p>
      <div>
        <Button variant="primary" busy={saving} disabled={unchanged} onClick={() => void save()}>
          <Trans>Save</Trans>
        </Button>
      </div>
    </div>
  );
}
