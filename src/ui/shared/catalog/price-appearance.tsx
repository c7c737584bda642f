import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { M } from '../../../contracts/messages';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormAlert } from '../../components/form-alert';
import { errorText } from '../session/error-message';
import { useSession, useSessionController } from '../session/session-context';
import styles from './price-appearance.module.css';

export interface PriceAppearanceChoice {
  /** The customer's saved choice (docs/product-rules.md §1). */
  current: boolean;
  /** What the radios show: the unsaved choice, else the saved one. */
  withVat: boolean;
  choose(withVat: boolean): void;
  saving: boolean;
  /** Saves the shown choice; resolves the error text on a failure (the choice is kept), else null. */
  save(): Promise<string | null>;
}

/**
 * Prices with or without VAT, kept on the bridge, so saving needs the connection (docs/product-rules.md §1):
 * offline it is refused at once with M.checkNetwork. Once saved, every price on screen follows at once.
 */
export function usePriceAppearanceChoice(): PriceAppearanceChoice {
  const { i18n } = useLingui();
  const controller = useSessionController();
  const { customer } = useSession();
  const current = customer?.show_prices_with_vat === true;
  const [choice, setChoice] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  const withVat = choice ?? current;

  const save = async (): Promise<string | null> => {
    if (!navigator.onLine) return i18n._(M.checkNetwork);
    setSaving(true);
    try {
      await controller.changePriceAppearance(withVat);
      setChoice(null);
      return null;
    } catch (error) {
      return errorText(i18n, error);
    } finally {
      setSaving(false);
    }
  };
  return { current, withVat, choose: setChoice, saving, save };
}

/** The two radios "Without VAT" / "With VAT" under the legend "Show prices". */
export function PriceAppearanceFields({ choice }: { choice: PriceAppearanceChoice }) {
  const { t } = useLingui();
  const name = useId();
  return (
    <fieldset className={styles.choices}>
      <legend>{t`Show prices`}</legend>
      <label className={styles.choice}>
        <input type="radio" name={name} checked={!choice.withVat} onChange={() => choice.choose(false)} />
        <Trans>Without VAT</Trans>
      </label>
      <label className={styles.choice}>
        <input type="radio" name={name} checked={choice.withVat} onChange={() => choice.choose(true)} />
        <Trans>With VAT</Trans>
      </label>
    </fieldset>
  );
}

/** The price-with-VAT selector modal: the two choices and Save; it closes once saved and stays open on a failure. */
export function PriceAppearanceDialog({ onClose }: { onClose(): void }) {
  const { t } = useLingui();
  const choice = usePriceAppearanceChoice();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async () => {
    setFailure(null);
    const error = await choice.save();
    if (error === null) onClose();
    else setFailure(error);
  };
  return (
    <Dialog
      title={t`Price appearance`}
      onClose={onClose}
      footer={
        <Button variant="primary" busy={choice.saving} disabled={choice.withVat === choice.current} onClick={() => void submit()}>
          <Trans>Save</Trans>
        </Button>
      }
    >
      <div className={styles.body}>
        <PriceAppearanceFields choice={choice} />
        {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      </div>
    </Dialog>
  );
}

/**
 * Where prices are listed: the current choice ("Prices excl. VAT" / "Prices incl. VAT") as a button opening
 * the selector modal. Nothing for a visitor without a customer profile.
 */
export function PriceAppearanceButton() {
  const { customer } = useSession();
  const [open, setOpen] = useState(false);
  if (!customer) return null;
  const withVat = customer.show_prices_with_vat === true;
  return (
    <>
      <button type="button" className={styles.opener} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {withVat ? <Trans>Prices incl. VAT</Trans> : <Trans>Prices excl. VAT</Trans>}
      </button>
      {open ? <PriceAppearanceDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
