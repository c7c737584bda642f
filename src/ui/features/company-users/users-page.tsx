import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import type { BuyerUser, Invitation } from '../../../contracts/company-users';
import { M } from '../../../contracts/messages';
import {
  changeUserRole,
  listBuyerUsers,
  listInvitations,
  removeBuyerUser,
  resendInvitation,
  revokeInvitation,
  sendInvitation,
} from '../../../replication/company-users-api';
import { Button } from '../../components/button';
import { FormAlert } from '../../components/form-alert';
import { PageHeading } from '../../components/page-heading';
import { paths } from '../../routes/paths';
import { useNotify } from '../../shared/notifications/notifications';
import { errorText } from '../../shared/session/error-message';
import { useSession, useSessionController } from '../../shared/session/session-context';
import { useFormatDateTime } from '../../shared/i18n/use-formatters';
import card from '../../components/card.module.css';
import { AddUserDialog, DeleteUserDialog, EditRoleDialog, InvitationDialog } from './users-dialogs';
import styles from './users.module.css';

type Load =
  | { state: 'loading' }
  | { state: 'failed'; text: string }
  | { state: 'loaded'; users: BuyerUser[]; invitations: Invitation[]; loadedAt: number };
type Open = { kind: 'role' | 'delete'; user: BuyerUser } | { kind: 'invitation'; invitation: Invitation } | { kind: 'add' } | null;

function useCompanyUsers(buyerId: string): [Load, () => void] {
  const { i18n } = useLingui();
  const { bridge } = useSessionController();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    Promise.all([listBuyerUsers(bridge.client, buyerId), listInvitations(bridge.client, buyerId)]).then(
      ([users, invitations]) => current && setLoad({ state: 'loaded', users, invitations, loadedAt: Date.now() }),
      (error: unknown) => current && setLoad({ state: 'failed', text: errorText(i18n, error) }),
    );
    return () => {
      current = false;
    };
  }, [bridge, buyerId, i18n, round]);
  return [load, useCallback(() => setRound((n) => n + 1), [])];
}

function UserItem({ user, self, onOpen }: { user: BuyerUser; self: boolean; onOpen(kind: 'role' | 'delete'): void }) {
  const { t } = useLingui();
  const name = `${user.firstname} ${user.lastname}`;
  return (
    <li className={`${card.card} ${styles.item}`}>
      <p className={styles.who}>
        <span className={styles.name}>{self ? t`${name} (you)` : name}</span>
        <span className={styles.detail}>{user.email}</span>
        <span className={styles.detail}>{user.isSuperUser ? t`Super user` : t`User`}</span>
      </p>
      <div className={styles.actions}>
        <Button aria-label={t`Edit the role of ${name}`} onClick={() => onOpen('role')}>
          {t`Edit role`}
        </Button>
        <Button variant="danger" aria-label={t`Delete ${name}`} onClick={() => onOpen('delete')}>
          {t`Delete`}
        </Button>
      </div>
    </li>
  );
}

function InvitationItem({ invitation, now, onOpen }: { invitation: Invitation; now: number; onOpen(): void }) {
  const { t } = useLingui();
  const formatDateTime = useFormatDateTime();
  const sent = formatDateTime(new Date(invitation.created_at));
  const expired = new Date(invitation.expires_at).getTime() <= now;
  return (
    <li className={`${card.card} ${styles.item}`}>
      <p className={styles.who}>
        <span className={styles.name}>{invitation.email}</span>
        <span className={styles.detail}>{expired ? t`Sent on ${sent}, expired` : t`Sent on ${sent}`}</span>
      </p>
      <Button aria-label={t`Resend or cancel the invitation to ${invitation.email}`} onClick={onOpen}>
        {t`Resend or cancel`}
      </Button>
    </li>
  );
}

/** The users and invitations of one buyer, for a super user of it, with the modals that change them. */
function CompanyUsers({ buyerId }: { buyerId: string }) {
  const { t, i18n } = useLingui();
  const controller = useSessionController();
  const { customer, logout } = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const [load, reload] = useCompanyUsers(buyerId);
  const [open, setOpen] = useState<Open>(null);
  const [said, setSaid] = useState<string | null>(null);
  const client = controller.bridge.client;
  const close = () => setOpen(null);
  const done = (text: string) => {
    setOpen(null);
    setSaid(i18n._(text));
    reload();
  };
  const selfId = customer?.id;

  // One's own role changed: the profile (and so the menus and this page) follows, from the start page.
  const ownRoleChanged = (text: string) => {
    setOpen(null);
    void controller
      .refreshProfile()
      .catch((error: unknown) => console.warn('Profile reload after a role change failed', error))
      .finally(() => {
        notify({ type: 'success', message: i18n._(text) });
        navigate(paths.home, { replace: true });
      });
  };

  return (
    <>
      <p role="status" className={styles.intro}>
        {load.state === 'loading' ? t`Loading users…` : said}
      </p>
      {load.state === 'failed' ? <FormAlert tone="error">{load.text}</FormAlert> : null}
      {load.state === 'loaded' ? (
        <>
          <section className={styles.section} aria-labelledby="company-users-heading">
            <h2 id="company-users-heading" className={styles.sectionHeading}>{t`Users of the company`}</h2>
            <ul className={styles.list} aria-label={t`Users of the company`}>
              {load.users.map((user) => (
                <UserItem key={user.id} user={user} self={user.id === selfId} onOpen={(kind) => setOpen({ kind, user })} />
              ))}
            </ul>
          </section>
          <section className={styles.section} aria-labelledby="company-invitations-heading">
            <div className={styles.sectionHead}>
              <h2 id="company-invitations-heading" className={styles.sectionHeading}>{t`Invitations`}</h2>
              <Button variant="primary" onClick={() => setOpen({ kind: 'add' })}>
                {t`Add user`}
              </Button>
            </div>
            {load.invitations.length === 0 ? <p className={styles.intro}>{t`No invitation is waiting for an answer.`}</p> : null}
            {load.invitations.length > 0 ? (
              <ul className={styles.list} aria-label={t`Invitations`}>
                {load.invitations.map((invitation) => (
                  <InvitationItem
                    key={invitation.id}
                    invitation={invitation}
                    now={load.loadedAt}
                    onOpen={() => setOpen({ kind: 'invitation', invitation })}
                  />
                ))}
              </ul>
            ) : null}
          </section>
        </>
      ) : null}
      {open?.kind === 'role' ? (
        <EditRoleDialog
          user={open.user}
          self={open.user.id === selfId}
          onClose={close}
          onSave={(role) => changeUserRole(client, buyerId, open.user.id, role)}
          onDone={open.user.id === selfId ? ownRoleChanged : done}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <DeleteUserDialog
          user={open.user}
          self={open.user.id === selfId}
          onClose={close}
          onConfirm={() => removeBuyerUser(client, buyerId, open.user.email)}
          // Removing oneself ends the membership: the session ends too (docs/product-rules.md §6.4).
          onDone={open.user.id === selfId ? () => void logout() : done}
        />
      ) : null}
      {open?.kind === 'invitation' ? (
        <InvitationDialog
          invitation={open.invitation}
          onClose={close}
          onResend={() => resendInvitation(client, buyerId, open.invitation.id)}
          onRevoke={() => revokeInvitation(client, buyerId, open.invitation.id)}
          onDone={done}
        />
      ) : null}
      {open?.kind === 'add' ? (
        <AddUserDialog onClose={close} onInvite={(email) => sendInvitation(client, buyerId, email)} onDone={done} />
      ) : null}
    </>
  );
}

/**
 * `/my-account/users`: the super users of the selected company see its users and invitations and manage
 * them (docs/product-rules.md §6.4). Anyone else is told a super user does this; the bridge decides anyway.
 */
export function Component() {
  const { t, i18n } = useLingui();
  const { customer, buyers, selectedBuyerId } = useSession();
  const buyer = buyers.find((b) => b.id === selectedBuyerId);
  if (!customer) {
    return (
      <div className={styles.page}>
        <PageHeading>{t`Users`}</PageHeading>
        <p role="status">{t`Loading…`}</p>
      </div>
    );
  }
  const company = buyer?.company ?? '';
  return (
    <div className={styles.page}>
      <PageHeading>{buyer ? t`Users of ${company}` : t`Users`}</PageHeading>
      {!buyer ? <FormAlert tone="error">{i18n._(M.notMember)}</FormAlert> : null}
      {buyer && !buyer.isSuperUser ? (
        <p className={styles.intro}>
          {t`Only a super user of the company can see and manage its users and invitations. Please ask one of them.`}
        </p>
      ) : null}
      {buyer?.isSuperUser ? (
        <>
          <p className={styles.intro}>
            {t`Users order for the company; super users also see every order and manage users and invitations.`}{' '}
            <Link to={paths.joinRequests}>{t`Requests to join`}</Link>
          </p>
          <CompanyUsers key={buyer.id} buyerId={buyer.id} />
        </>
      ) : null}
    </div>
  );
}
