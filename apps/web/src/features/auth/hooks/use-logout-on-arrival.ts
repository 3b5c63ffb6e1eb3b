import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { cameFromPath } from '../../../lib/came-from';
import { useLogoutMutation } from '../../../lib/current-user-api';
import { clearSession, isLoggedIn } from '../../../lib/session';

/**
 * SPEC §2 Login: someone marked logged in who opens the login screen is logged out (marks cleared, the
 * server told) and sent back where they came from, else home. True while that happens.
 */
export function useLogoutOnArrival(): boolean {
  const [arrivedLoggedIn] = useState(isLoggedIn);
  const [logout] = useLogoutMutation();
  const navigate = useNavigate();
  const location = useLocation();
  // Effects run twice on a development mount; the server is told once.
  const started = useRef(false);

  useEffect(() => {
    if (!arrivedLoggedIn || started.current) return;
    started.current = true;
    clearSession();
    void logout().then(() => navigate(cameFromPath(location.state) ?? paths.home.getHref(), { replace: true }));
  }, [arrivedLoggedIn, logout, navigate, location.state]);

  return arrivedLoggedIn;
}
