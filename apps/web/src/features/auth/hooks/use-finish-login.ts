import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { AppDispatch } from '../../../lib/store';
import { cameFromPath } from '../../../lib/came-from';
import { rememberUser } from '../../../lib/current-user-api';
import { setLoggedIn, setRole } from '../../../lib/session';
import type { LoginAnswer } from '../api/auth-api';

/**
 * The end of a login (SPEC §2, §4): mark the browser logged in with the user's role, keep the user the
 * server returned for the top bar, and go where the visitor was going, else to `defaultTarget`.
 */
export function useFinishLogin(defaultTarget: string) {
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  const location = useLocation();
  return ({ user, message }: LoginAnswer) => {
    setLoggedIn(true);
    setRole(user.role);
    void dispatch(rememberUser(user));
    if (message.trim() !== '') toast.success(message);
    // Replace: Back from the page reached should not land on the login screen again.
    void navigate(cameFromPath(location.state) ?? defaultTarget, { replace: true });
  };
}
