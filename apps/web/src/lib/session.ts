/**
 * The browser-side session marks of SPEC §3/§4: a logged-in flag and the user's role in localStorage.
 * They only decide what the screens offer; the server's session cookie is what grants access.
 */
const LOGGED_IN_KEY = 'isLoggedIn';
const ROLE_KEY = 'role';

// Storage can be unavailable (disabled cookies, some private modes) and then throws on access;
// the app must still work as a logged-out visitor.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing to fall back to: the marks are a convenience, not the session.
  }
  notify();
}

/**
 * Calls `listener` whenever the marks change: here (login, logout, a "You are not logged in" answer) or in
 * another tab of the same site, so a logout there also closes the authenticated pages here.
 */
export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', notify);
  };
}

export function isLoggedIn(): boolean {
  return read(LOGGED_IN_KEY) === 'true';
}

export function setLoggedIn(loggedIn: boolean): void {
  write(LOGGED_IN_KEY, String(loggedIn));
}

export function getRole(): string | null {
  return read(ROLE_KEY);
}

export function setRole(role: string | null): void {
  write(ROLE_KEY, role);
}

/** What logout and "already logged in on the login page" do locally (SPEC §2 Login, §4). */
export function clearSession(): void {
  setLoggedIn(false);
  setRole(null);
}
