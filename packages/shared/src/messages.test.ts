import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';

describe('messages', () => {
  it("keeps the catalogue's own spelling and spacing", () => {
    expect(MESSAGES.qrCodeOneCharacter).toBe('Only one digut per input');
    expect(MESSAGES.socialMediaEntityIdRequired).toBe(' ID is required');
    expect(MESSAGES.resetUserIdRequired).toBe('User ID Password is required');
    expect(MESSAGES.invalidLink).toBe('Invalid link. Pleasecheck the link and try again');
    expect(MESSAGES.noSearchResults).toBe("No Result's for this search. Please Try again");
    expect(MESSAGES.resetRequestErrorOccurred).toBe('An error occured');
    expect(MESSAGES.passwordResetSuccessful).toBe('Password reset Successfully');
  });
});
