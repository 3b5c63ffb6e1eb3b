/**
 * Every user-facing message of SPEC §5 and §8, verbatim: the misspellings and the odd spacing are the
 * product's own text (clients and tests match on them), so do not correct them here.
 */
export const MESSAGES = {
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email address',
  passwordRequired: 'Password is required',

  qrCodeRequired: 'QR Code is required',
  qrCodeOneCharacter: 'Only one digut per input',
  userIdRequired: 'User ID is required',

  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',

  newPasswordRequired: 'New Password is required',
  confirmPasswordRequired: 'Confirm Password is required',
  resetUserIdRequired: 'User ID Password is required',
  passwordsDoNotMatch: 'new and confirm password do not match',
  currentPasswordRequired: 'Current Password is required',

  tradeIdRequired: 'Trade ID is required',
  nameRequired: 'Name is required',
  briefRequired: 'Required for your iCard',

  bioRequired: 'Bio is required',
  phoneRequired: 'Phone is required',

  socialMediaEntityIdRequired: ' ID is required',

  notLoggedIn: 'You are not logged in',
  errorOccurred: 'An error occurred',
  resetRequestErrorOccurred: 'An error occured',
  verificationErrorOccurred: 'An error occurred. Try again later.',
  invalidLink: 'Invalid link. Pleasecheck the link and try again',
  verifying: 'Please wait. Verifying...',

  resetEmailSent: 'We sent you a reset password email.',
  passwordResetSuccessful: 'Password reset Successfully',
  accountVerified: 'Account verified. You can log in now.',

  totpCodeSixDigits: 'Enter the 6-digit code from your authenticator app',
  mfaCancelNeedsProof: 'Enter a code from your authenticator app or your password',

  noSearchResults: "No Result's for this search. Please Try again",
  pageNotFound: 'Page Not Found',
} as const;

export type MessageKey = keyof typeof MESSAGES;
