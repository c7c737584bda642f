import { useLingui } from '@lingui/react/macro';
import { M } from '../../../contracts/messages';
import { Dialog } from '../../components/dialog';
import { FormAlert } from '../../components/form-alert';
import { LoginForm } from './login-form';

/**
 * The login ("signup") modal of docs/product-rules.md §4: opened at home when the session could not be refreshed.
 * Signing in closes it (the session changes); closing it leads to the login page.
 */
export function LoginModal({ onClose }: { onClose(): void }) {
  const { t, i18n } = useLingui();
  return (
    <Dialog title={t`Log in`} onClose={onClose}>
      <FormAlert tone="error">{i18n._(M.tokenRefreshFailed)}</FormAlert>
      <LoginForm idPrefix="login-modal" />
    </Dialog>
  );
}
