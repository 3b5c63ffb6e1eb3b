import type { UserView } from '@churchtrades/shared/user';

let sequence = 0;

export function makeUser(overrides: Partial<UserView> = {}): UserView {
  sequence += 1;
  return {
    userId: `00000000-0000-4000-9000-${String(sequence).padStart(12, '0')}`,
    firstName: 'Jane',
    lastName: 'Citizen',
    email: `jane${sequence}@example.com.au`,
    bio: 'Plumber in Parramatta for twenty years.',
    phone: '0400 000 000',
    imageUrl: overrides.imageUrl ?? null,
    // The same URL, as the server answers it.
    photo: overrides.imageUrl ?? null,
    role: 'TRADER',
    mfa: false,
    ...overrides,
  };
}
