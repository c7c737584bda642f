import type { Mail } from './mailer';

/**
 * The mails that prove control of an address or tell a company about a newcomer. Links are built from
 * PUBLIC_URL and a fixed path only (nothing the client sends), so they always point at our storefront.
 */
export const CONFIRM_EMAIL_PATH = '/confirm-email';
export const JOIN_REQUESTS_PATH = '/my-account/users/requests';

export function ourLink(publicUrl: string, pathname: string, params: Record<string, string>): string {
  const url = new URL(pathname, `${publicUrl}/`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

type Person = { email: string; firstname: string };

/** Names are typed by people: no control character may reach a header or break the text's lines. */
function plain(text: string): string {
  return text.replace(/\p{Cc}+/gu, ' ').trim();
}

export function confirmationMail(publicUrl: string, to: Person, token: string): Mail {
  const link = ourLink(publicUrl, CONFIRM_EMAIL_PATH, { token });
  return {
    to: to.email,
    subject: 'Confirm your email address',
    text:
      `Hello ${plain(to.firstname)},\n\nPlease confirm that this is your email address by opening this link within 3 days:\n${link}\n\n` +
      'Until then you can browse the marketplace but not order.\n\nIf you did not create an account, ignore this mail.\n',
    links: { confirm: link },
  };
}

export function emailChangeMail(publicUrl: string, firstname: string, newEmail: string, token: string): Mail {
  const link = ourLink(publicUrl, CONFIRM_EMAIL_PATH, { token });
  return {
    to: newEmail,
    subject: 'Confirm your new email address',
    text:
      `Hello ${plain(firstname)},\n\nYou asked to use this address for your marketplace account. Open this link within 24 hours ` +
      `to confirm it:\n${link}\n\nUntil then your account keeps its current address. If you did not ask for this, ignore this mail.\n`,
    links: { confirm: link },
  };
}

/** To a new address that already has an account: the requester learns nothing, the owner of the mailbox does. */
export function emailTakenMail(publicUrl: string, newEmail: string): Mail {
  const reset = ourLink(publicUrl, '/forgot-password', {});
  return {
    to: newEmail,
    subject: 'Your email address is already registered',
    text:
      'Hello,\n\nSomeone asked to use this address for a marketplace account, but an account with this address ' +
      `already exists, so nothing was changed.\n\nIf that account is yours and you forgot its password, you can reset it here:\n${reset}\n\n` +
      'If you did not ask for this, ignore this mail.\n',
    links: { reset },
  };
}

export function emailChangeNoticeMail(to: Person, newEmail: string): Mail {
  return {
    to: to.email,
    subject: 'Your email address is about to change',
    text:
      `Hello ${plain(to.firstname)},\n\nSomeone signed in to your marketplace account asked to change its email address to ${newEmail}. ` +
      'The change happens only when the link sent to that address is opened.\n\n' +
      'If this was not you, change your password at once and tell us.\n',
  };
}

export function joinRequestMail(
  publicUrl: string,
  to: Person,
  buyer: { id: string; company: string },
  requester: Person & { lastname: string },
): Mail {
  const review = ourLink(publicUrl, JOIN_REQUESTS_PATH, { buyer_id: buyer.id });
  const who = plain(`${requester.firstname} ${requester.lastname}`);
  return {
    to: to.email,
    subject: `${who} asks to join ${buyer.company}`,
    text:
      `Hello ${plain(to.firstname)},\n\n${who} (${requester.email}) has created a marketplace account ` +
      `and asks to order for ${buyer.company}. Their email address is confirmed.\n\nApprove or reject the request here:\n${review}\n\n` +
      'Approved, they become a user of the company (not a super user).\n',
    links: { review },
  };
}

export function joinDecisionMail(publicUrl: string, to: Person, company: string, approved: boolean): Mail {
  const home = ourLink(publicUrl, '/', {});
  return approved
    ? {
        to: to.email,
        subject: `You can now order for ${company}`,
        text: `Hello ${plain(to.firstname)},\n\nYour request to join ${company} has been approved. Sign in to order:\n${home}\n`,
        links: { home },
      }
    : {
        to: to.email,
        subject: `Your request to join ${company}`,
        text: `Hello ${plain(to.firstname)},\n\nYour request to join ${company} was not approved. If you think this is a mistake, please contact the company.\n`,
      };
}

export const ACCEPT_INVITATION_PATH = '/accept-invitation';

/** The invitation: the link carries only the token; the page asks the bridge what it is for. */
export function invitationMail(
  publicUrl: string,
  to: string,
  company: string,
  inviter: { firstname: string; lastname: string },
  token: string,
): Mail {
  const accept = ourLink(publicUrl, ACCEPT_INVITATION_PATH, { token });
  const who = plain(`${inviter.firstname} ${inviter.lastname}`);
  return {
    to,
    subject: `${who} invites you to order for ${plain(company)}`,
    text:
      `Hello,\n\n${who} invites you to become a user of ${plain(company)} on the marketplace, to order for the company.\n\n` +
      `Accept the invitation within 7 days here:\n${accept}\n\n` +
      'If you have no account yet, you create one there with a password. If you did not expect this mail, ignore it.\n',
    links: { accept },
  };
}
