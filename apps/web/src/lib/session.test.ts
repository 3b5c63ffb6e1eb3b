import { describe, expect, it, vi } from 'vitest';
import { clearSession, getRole, isLoggedIn, setLoggedIn, setRole, subscribeToSession } from './session';

describe('session marks', () => {
  it("keeps the logged-in flag and role under 'isLoggedIn' and 'role'", () => {
    setLoggedIn(true);
    setRole('TRADER');

    expect(localStorage.getItem('isLoggedIn')).toBe('true');
    expect(localStorage.getItem('role')).toBe('TRADER');
    expect(isLoggedIn()).toBe(true);
    expect(getRole()).toBe('TRADER');
  });

  it('clears both on logout', () => {
    setLoggedIn(true);
    setRole('TRADER');

    clearSession();

    expect(isLoggedIn()).toBe(false);
    expect(getRole()).toBeNull();
  });

  it('is logged out when nothing is stored', () => {
    expect(isLoggedIn()).toBe(false);
  });

  it('tells subscribers of each change, here or in another tab, until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);

    setLoggedIn(true);
    window.dispatchEvent(new StorageEvent('storage', { key: 'isLoggedIn', newValue: 'false' }));
    expect(listener).toHaveBeenCalledTimes(2);

    unsubscribe();
    clearSession();
    window.dispatchEvent(new StorageEvent('storage', { key: 'role' }));
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
