import type { Customer, RegisterRequest, RequestInvitationRequest } from '../../../contracts/auth';
import type { AcceptInvitationRequest } from '../../../contracts/company-users';
import { acceptInvitation } from '../../../replication/company-users-api';
import { requestInvitation } from '../../../replication/account-proof-api';
import type { AppBridge } from '../../../replication/app-bridge';
import type { SessionGrant } from '../../../replication/auth-api';
import {
  changePassword,
  changePriceAppearance,
  fetchMe,
  login as loginCall,
  logoutSession,
  registerBuyer,
  updateMe,
} from '../../../replication/auth-api';
import { isBridgeError } from '../../../replication/bridge-error';
import { loginAs as loginAsCall, logoutAs as logoutAsCall } from '../../../replication/admin-api';
import {
  adminModeOf,
  clearLoggedOutMarker,
  forgetAdminId,
  initialBuyer,
  markLoggedOut,
  rememberAdminId,
  rememberAdminMode,
  rememberBuyer,
  storedAdminId,
} from '../../../replication/buyer-memory';
import { clearLoggedInCookie, hasLoggedInCookie, setLoggedInCookie } from '../../../replication/logged-in-cookie';
import { createLogoutQueue, type LogoutQueue } from '../../../replication/logout-queue';
import type { ProfileCache } from '../../../replication/profile-cache';
import { tokenPairFrom } from '../../../replication/token-store';
import type { EndReason } from './session-state';
import { ANONYMOUS, SessionStore } from './session-state';

export interface SessionControllerDeps {
  bridge: AppBridge;
  storage: Storage;
  profiles: ProfileCache;
  /** The page reload after a silent logout found a stale logged-in cookie (docs/product-rules.md §4 Session). */
  reload(): void;
  /** Logouts waiting for the bridge; default: kept in `storage`, sent through the bridge client. */
  logouts?: LogoutQueue;
  /**
   * Called when a sign-in is sent, before the bridge answers: what a signed-in start needs (the local database,
   * the sync code) gets ready meanwhile, since the bridge's password check takes a moment on purpose.
   */
  prepareSignedIn?(): void;
  /**
   * Work that needs only the session's tokens (the catalogue's first sync): started as soon as a sign-in's tokens
   * are stored, before the profile is fetched and the signed-in pages render, and stopped again when the profile
   * cannot be loaded and the sign-in is undone. Whoever renders the signed-in app also starts and stops it;
   * `start` and `stop` must be safe to call more than once.
   */
  sessionWork?: { start(): void; stop(): void };
}

/** The editable names and address of the signed-in customer (docs/product-rules.md §5 field rules). */
export interface ProfileChanges {
  firstname: string;
  lastname: string;
  email: string;
}

export interface LogoutOptions {
  silent?: boolean;
}

/** Local caches are a convenience: a failing IndexedDB must never block logging in or out. */
function logCacheError(action: string) {
  return (error: unknown) => console.error(`Session cache: could not ${action}`, error);
}

/** The session's behaviour (docs/product-rules.md §4 Session and Token lifecycle), independent of React. */
export class SessionController {
  readonly store = new SessionStore({ ...ANONYMOUS, status: 'loading' });
  private onLoggedOut: () => void = () => undefined;
  private started = false;
  private readonly logouts: LogoutQueue;
  /** A password change is ending this session on purpose and opening the next one. */
  private replacingSession = false;
  /** The refresher gave up on the old session while it was being replaced. */
  private lostWhileReplacing = false;

  get bridge(): AppBridge {
    return this.deps.bridge;
  }

  constructor(readonly deps: SessionControllerDeps) {
    deps.bridge.events.on('session-lost', () => void this.loseSession());
    this.logouts =
      deps.logouts ??
      createLogoutQueue({
        storage: deps.storage,
        send: (refreshToken) => logoutSession(deps.bridge.client, refreshToken),
        now: deps.bridge.now,
      });
  }

  /** The provider shows "You're logged out" in the current language; returns the undo. */
  setLoggedOutNotice(show: () => void): () => void {
    this.onLoggedOut = show;
    return () => {
      if (this.onLoggedOut === show) this.onLoggedOut = () => undefined;
    };
  }

  /** Once per app start: restores the session from the stored token, offline too. */
  start(): void {
    if (this.started) return;
    this.started = true;
    // Read before the queue is sent: an entry leaves it once the bridge confirmed.
    const loggedOut = new Set(this.logouts.pending());
    void this.deliverLogouts();
    this.deps.bridge.tokens.onExternalChange(() => this.followOtherTab());
    void this.restore(loggedOut);
  }

  /** The stored tokens come from IndexedDB: a few milliseconds, during which the session is 'loading'. */
  private async restore(loggedOut: ReadonlySet<string>): Promise<void> {
    const { bridge } = this.deps;
    let stored = await bridge.tokens.load();
    if (this.store.get().status !== 'loading') return;
    if (stored && loggedOut.has(stored.refreshToken)) {
      // Logged out, but the tab closed before IndexedDB forgot the tokens: finish that logout.
      await bridge.tokens.clear();
      stored = null;
    }
    if (stored) {
      this.store.set({ status: 'authenticated' });
      void this.restoreProfile();
      return;
    }
    if (hasLoggedInCookie(bridge.cookies)) {
      void this.logout({ silent: true }).then(() => this.deps.reload());
      return;
    }
    this.store.set({ ...ANONYMOUS });
  }

  /**
   * Another tab logged in or out (or lost the session): this one follows. That tab already queued the
   * logout and cleared the local data; doing it again here would only repeat it.
   */
  private followOtherTab(): void {
    const { status } = this.store.get();
    const signedIn = this.deps.bridge.tokens.read() !== null;
    if (!signedIn && status === 'authenticated') {
      this.store.set({ ...ANONYMOUS, endReason: 'logout' });
    } else if (signedIn && status === 'anonymous') {
      this.deps.bridge.refresher.reset();
      this.store.set({ status: 'authenticated', endReason: null });
      void this.restoreProfile();
    }
  }

  async login(email: string, password: string): Promise<void> {
    this.deps.prepareSignedIn?.();
    const grant = await loginCall(this.deps.bridge.client, email, password);
    await this.adopt(grant);
  }

  /** Registration step 2: the new buyer's first user is signed in with the answer. */
  async register(request: RegisterRequest): Promise<void> {
    this.deps.prepareSignedIn?.();
    const grant = await registerBuyer(this.deps.bridge.client, request);
    await this.adopt(grant);
  }

  /** The company is already a buyer: the newcomer is signed in, in no company until a super user approves. */
  async requestInvitation(request: RequestInvitationRequest): Promise<void> {
    this.deps.prepareSignedIn?.();
    const grant = await requestInvitation(this.deps.bridge.client, request);
    await this.adopt(grant);
  }

  /** A newcomer accepts a company's invitation: the account is created and signed in, a user of that company. */
  async acceptInvitation(request: AcceptInvitationRequest): Promise<void> {
    this.deps.prepareSignedIn?.();
    const grant = await acceptInvitation(this.deps.bridge.client, request);
    await this.adopt(grant);
  }

  /** Prices with or without VAT: saved on the bridge, then every price on screen follows the new profile. */
  async changePriceAppearance(withVat: boolean): Promise<void> {
    const fresh = await changePriceAppearance(this.deps.bridge.client, withVat);
    if (this.store.get().status === 'authenticated') this.applyCustomer(fresh);
  }

  /**
   * Names change at once; a new email needs the current password and changes only when the link mailed to it
   * is opened (docs/decisions/017-proving-control.md). Resolves whether such a link was sent.
   */
  async updateProfile(changes: ProfileChanges, currentPassword?: string): Promise<{ emailChangeSent: boolean }> {
    const body = currentPassword === undefined ? { customer: changes } : { customer: changes, current_password: currentPassword };
    const { customer, emailChangeSent } = await updateMe(this.deps.bridge.client, body);
    if (this.store.get().status === 'authenticated') this.applyCustomer(customer);
    return { emailChangeSent };
  }

  /**
   * The bridge ends every session of the customer when the password changes, this one included
   * (docs/product-rules.md §7), so this one signs in again at once with the new password. A call still
   * carrying the old token meanwhile fails to refresh: that loss is the old session's and is not a logout.
   * If signing in again fails, the session has ended: a silent logout, as for any session that cannot refresh.
   */
  async changePassword(oldPassword: string, newPassword: string): Promise<void> {
    const email = this.store.get().customer?.email;
    if (!email) throw new Error('changePassword: no signed-in customer');
    this.replacingSession = true;
    this.lostWhileReplacing = false;
    let changed = false;
    try {
      await changePassword(this.deps.bridge.client, oldPassword, newPassword);
      changed = true;
      await this.login(email, newPassword);
    } catch (error) {
      if (changed) await this.logout({ silent: true }, 'expired');
      throw error;
    } finally {
      this.replacingSession = false;
      // Refused (wrong old password, offline): the session was never ended on purpose, so a loss is real.
      if (!changed && this.lostWhileReplacing) void this.loseSession();
      this.lostWhileReplacing = false;
    }
  }

  /** Reads the profile again after something changed it elsewhere (an address confirmed by a mailed link). */
  async refreshProfile(): Promise<void> {
    if (this.store.get().status !== 'authenticated') return;
    const fresh = await fetchMe(this.deps.bridge.client);
    if (this.store.get().status === 'authenticated') this.applyCustomer(fresh);
  }

  /**
   * Ends the session here at once and on the bridge as soon as it can be reached: the refresh token is
   * queued before the tokens are forgotten, and the call to the bridge is never awaited.
   */
  async logout(options: LogoutOptions = {}, reason: EndReason = 'logout'): Promise<void> {
    const { bridge, storage, profiles } = this.deps;
    // docs/product-rules.md §4.8: logging out of a login-as session first ends the login-as, back to the admin.
    if (reason === 'logout' && !options.silent && this.store.get().adminId) {
      try {
        await this.logoutAs();
        return;
      } catch (error) {
        // The bridge could not end it (offline, or the session is over): a plain logout below.
        console.warn('Logout-as failed; logging out', error);
      }
    }
    forgetAdminId(storage);
    const ending = bridge.tokens.read();
    if (ending) this.logouts.add(ending.refreshToken);
    // Forgotten in this tab at once; in IndexedDB (and so in the other tabs) a moment later.
    const forgetting = bridge.tokens.clear();
    clearLoggedInCookie(bridge.cookies);
    markLoggedOut(storage);
    bridge.events.emit('tokens-changed');
    this.store.set({ ...ANONYMOUS, endReason: reason });
    if (!options.silent) this.onLoggedOut();
    if (ending) void this.deliverLogouts();
    await Promise.all([forgetting, profiles.clearBuyerData().catch(logCacheError('clear buyer data'))]);
  }

  /** Sends the logouts the bridge has not confirmed yet (at start, after a logout, when back online). */
  deliverLogouts(): Promise<void> {
    return this.logouts.flush();
  }

  /**
   * An administrator becomes `customerId` (docs/decisions/025-admin-login-as.md): the bridge opens a session
   * of the customer that keeps the admin's id; the admin's own session ends as at logout and the local data
   * of the admin's buyers is cleared, so nothing of one customer shows to the other; then the app reloads.
   */
  async loginAs(customerId: string): Promise<void> {
    const { bridge, storage } = this.deps;
    const grant = await loginAsCall(bridge.client, customerId);
    const ending = bridge.tokens.read();
    // The admin's session is not needed any more: logout-as answers a new one.
    if (ending) this.logouts.add(ending.refreshToken);
    await this.switchTo(grant, () => rememberAdminId(storage, grant.meta.adminId));
  }

  /** Back to the administrator: the bridge ends the login-as session and answers a new session of theirs. */
  async logoutAs(): Promise<void> {
    const { bridge, storage } = this.deps;
    const grant = await logoutAsCall(bridge.client, this.store.get().adminId);
    await this.switchTo(grant, () => forgetAdminId(storage));
  }

  /** Replaces the session with `grant` after clearing the local buyer data, then reloads the app. */
  private async switchTo(grant: SessionGrant, remember: () => void): Promise<void> {
    await this.deps.profiles.clearBuyerData().catch(logCacheError('clear buyer data'));
    remember();
    await this.adopt(grant);
    void this.deliverLogouts();
    this.deps.reload();
  }

  selectBuyer(buyerId: string): void {
    const { customer, buyers } = this.store.get();
    if (!customer || !buyers.some((b) => b.id === buyerId)) return;
    rememberBuyer(this.deps.storage, customer.id, buyerId);
    this.store.set({ selectedBuyerId: buyerId });
    void this.deps.profiles.save(customer, buyerId).catch(logCacheError('save the selected buyer'));
  }

  /** Admin mode on or off (docs/product-rules.md §4.8): administrators only, not while logged in as a customer. */
  setAdminMode(on: boolean): void {
    const { customer, adminId } = this.store.get();
    if (!customer?.isAdmin || adminId) return;
    rememberAdminMode(this.deps.storage, customer.id, on);
    this.store.set({ adminMode: on });
  }

  /** The login modal was closed or the user signed in again: forget why the last session ended. */
  acknowledgeEnd(): void {
    if (this.store.get().endReason !== null) this.store.set({ endReason: null });
  }

  private async adopt(grant: SessionGrant): Promise<void> {
    const { bridge, storage } = this.deps;
    const { refreshToken, expiresIn } = grant.meta;
    await bridge.tokens.write(tokenPairFrom(grant.accessToken, refreshToken, expiresIn, bridge.now()));
    bridge.refresher.reset();
    setLoggedInCookie(bridge.cookies);
    clearLoggedOutMarker(storage);
    bridge.events.emit('tokens-changed');
    this.deps.sessionWork?.start();
    let customer: Customer;
    try {
      customer = await fetchMe(bridge.client);
    } catch (error) {
      // docs/product-rules.md §4: login succeeded but the profile did not load: the current user is cleared.
      this.deps.sessionWork?.stop();
      await this.logout({ silent: true }, null);
      throw error;
    }
    this.applyCustomer(customer);
  }

  private applyCustomer(customer: Customer): void {
    const selectedBuyerId = initialBuyer(this.deps.storage, customer.id, customer.buyers);
    if (selectedBuyerId) rememberBuyer(this.deps.storage, customer.id, selectedBuyerId);
    const adminId = storedAdminId(this.deps.storage);
    const adminMode = !adminId && adminModeOf(this.deps.storage, customer);
    this.store.set({ status: 'authenticated', customer, buyers: customer.buyers, selectedBuyerId, endReason: null, adminId, adminMode });
    void this.deps.profiles.save(customer, selectedBuyerId).catch(logCacheError('save the profile'));
  }

  private async restoreProfile(): Promise<void> {
    const cached = await this.deps.profiles.load().catch((error: unknown) => {
      logCacheError('load the profile')(error);
      return null;
    });
    if (cached && this.store.get().status === 'authenticated' && !this.store.get().customer) {
      const selectedBuyerId = initialBuyer(this.deps.storage, cached.id, cached.buyers);
      const adminId = storedAdminId(this.deps.storage);
      const adminMode = !adminId && adminModeOf(this.deps.storage, cached);
      this.store.set({ customer: cached, buyers: cached.buyers, selectedBuyerId, adminId, adminMode });
    }
    try {
      const fresh = await fetchMe(this.deps.bridge.client);
      if (this.store.get().status === 'authenticated') this.applyCustomer(fresh);
    } catch (error) {
      // Offline, or the bridge is down: the app runs on the cached profile (offline-first).
      if (!isBridgeError(error) || error.code !== 401) console.warn('Profile refresh failed; using the cached profile', error);
    }
  }

  /**
   * The bridge refused to refresh the session: a silent logout. Queued work that has not reached the bridge
   * (sync tasks, orders) stays, to be sent when a member of that buyer signs in again (product rules §4.6).
   */
  private async loseSession(): Promise<void> {
    if (this.replacingSession) {
      this.lostWhileReplacing = true;
      return;
    }
    if (this.store.get().status === 'anonymous') return;
    await this.logout({ silent: true }, 'expired');
  }
}
