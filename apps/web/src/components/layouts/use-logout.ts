import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useLogoutMutation } from '../../lib/current-user-api';
import { clearSession } from '../../lib/session';

/**
 * Logout (SPEC §4): clear the marks, tell the server, go home. `loggingOut` lets the guard tell this
 * logout from a lost session: while it runs the marks are already cleared, and the guard must not send
 * the user to the login screen on the way home.
 */
export function useLogout() {
  const [logout] = useLogoutMutation();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);

  async function logOut() {
    setLoggingOut(true);
    clearSession();
    // Home whatever the server answers: the marks are gone, and a session the server still holds expires.
    await logout();
    await navigate(paths.home.getHref());
  }

  return { loggingOut, logOut };
}
