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

  chooseMainCategory: 'Choose a main category',
  chooseState: 'Choose a state',
  chooseChurch: 'Choose a church',

  noSearchResults: "No Result's for this search. Please Try again",
  pageNotFound: 'Page Not Found',

  // The account answers of the server (not in the catalogue): shown as `data.message` by the forms.
  registrationSuccessful: 'Registration successful. Please check your email to verify your account.',
  accountLinkInvalid: 'This link is invalid or has expired. Register again or reset your password.',
  resetLinkInvalid: 'This link is invalid or has expired. Ask for a new reset password email.',
  linkAlreadyUsed: 'This link has already been used.',
  resetLinkValid: 'Please enter new password',
  loginSuccessful: 'Login successful',
  enterTwoStepCode: 'Enter the code from your authenticator app',
  invalidCredentials: 'Invalid email or password',
  accountNotVerified: 'Please verify your email before logging in. Check your inbox for the link.',
  accountLocked: 'Your account is locked. Contact support for help.',
  accountExpired: 'Your account has expired. Contact support for help.',
  invalidTwoStepCode: 'The code is not valid. Enter the current code from your authenticator app.',
  twoStepCodeUsed: 'This code has already been used. Wait for the next code.',
  twoStepForAnotherUser: 'This code is for another login. Log in again.',
  tooManyTwoStepCodes: 'Too many wrong codes. Log in again.',
  loggedOut: 'Logged out',
  profileFound: 'Profile found',
  profileUpdated: 'Profile updated',
  emailTaken: 'This email address is already used by another account.',
  passwordUpdated: 'Password updated',
  wrongPassword: 'The password is not correct.',
  passwordTooCommon: 'This password is too common. Choose another one.',
  readOnlyAccount: 'Your account is read-only.',
  photoUpdated: 'Photo updated',
  notYourPhoto: 'You can only change your own photo.',
  imageRequired: 'Choose an image to upload.',
  imageTooLarge: 'The image is larger than 5 MB. Choose a smaller one.',
  notAnImage: 'The file is not an image we can read. Choose a JPEG, PNG, WebP or GIF image.',
  mfaSetupStarted: 'Scan the QR code with your authenticator app, then enter a code to confirm.',
  mfaAlreadyOn: 'Two-step verification is already on. Turn it off first.',
  mfaSetupMissing: 'Set up two-step verification first.',
  mfaTurnedOn: 'Two-step verification is on',
  mfaTurnedOff: 'Two-step verification is off',
} as const;

export type MessageKey = keyof typeof MESSAGES;
