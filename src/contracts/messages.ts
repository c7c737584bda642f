/**
 * Every message the bridge or a form can show a person. The English text is the Lingui message id, so the
 * storefront translates it with `i18n._(text)` and both catalogs must hold it (a unit test checks that).
 * Texts quoted in SPEC §5 and §8 are kept to the letter.
 */
export const M = {
  required: 'This field is required',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email must be at most 200 characters',
  passwordRule: 'Password must have at least 8 characters, with at least 1 letter, 1 number and 1 symbol',
  passwordTooLong: 'Password must be at most 300 characters',
  passwordsDiffer: 'Passwords do not match',
  nameTooShort: 'Please enter at least 2 letters',
  nameTooLong: 'Must be at most 100 characters',
  companyNameRequired: 'Company name is required',
  taxNumberFormat: 'The tax number must be exactly 9 digits',
  taxNumberInvalid: 'This tax number is not valid',
  postcodeFormat: 'The postcode must be exactly 5 digits',
  phoneRequired: 'Phone is required',
  phoneTooShort: 'The phone must have at least 10 digits',
  phoneTooLong: 'The phone must be at most 100 characters',
  phoneInvalid: 'Please enter a Greek landline (2…) or mobile (69…) number',
  cityTooShort: 'The city must have at least 2 letters',
  tooLong100: 'Must be at most 100 characters',
  tooLong400: 'Must be at most 400 characters',
  numericOnly: 'Only digits are allowed',

  wrongCredentials: 'Your email or password is incorrect',
  tokenExpired: 'The link has expired or is invalid',
  oldPasswordWrong: 'The old password is not correct',
  buyerExists: 'This company is already a member of the marketplace',
  userExists: 'A user with this email already exists',
  companyNotFound: 'Company info not found. Only companies can register.',
  notAuthorized: 'Error refreshing user token. User is not authorized to access the resource',
  tokenRefreshFailed: 'Your session has expired. Please log in again.',
  notSuperUser: 'User is not a super user of this buyer',
  notMember: 'You are not a user of this buyer',
  adminOnly: 'Only marketplace administrators can do this',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  serviceBusy: 'We are handling many requests right now. Please try again in a few seconds.',
  notFound: 'Not found',
  routeNotFound: 'Route not found',
  badJson: 'The request body is not valid JSON',
  badContentType: 'Error with response - bad content-type!',
  bodyTooLarge: 'The request body is too large',
  invalidRequest: 'The request is not valid. Please check the fields and try again.',
  technicalIssue: 'We have a technical issue. Please try again later.',
  unexpectedError: 'An unexpected error occurred',
  checkNetwork: 'Please check your network connection',
  resetOffline: 'Reset password feature does not work while offline!',
  passwordChanged: 'Password has successfully been changed',
  profileUpdated: 'Account data has successfully been updated',
  loggedOut: "You're logged out",
  resetMailSent: 'If an account exists for this email, we have sent a link to reset the password.',
  loginToViewPrices: 'Login to view prices',
} as const;

export type MessageKey = keyof typeof M;
export type MessageText = (typeof M)[MessageKey];
