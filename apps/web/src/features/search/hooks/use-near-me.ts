import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { nearQuery, readNear, type VisitorPosition, visitorPosition } from '../near-me';

/** A position up to 10 minutes old will do, and a visitor who does not answer the prompt is not waited for forever. */
const GEOLOCATION_OPTIONS: PositionOptions = { maximumAge: 600_000, timeout: 20_000 };

export type NearMeStatus = 'idle' | 'locating' | 'unavailable';

/**
 * "Near me" (issue 7): asks the browser for the visitor's position and, with it, puts `near` in the URL so
 * the search comes nearest first. Refused or failed, nothing changes but `status`, which says so.
 */
export function useNearMe() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const near = useMemo(() => readNear(searchParams), [searchParams]);
  const [status, setStatus] = useState<NearMeStatus>('idle');
  // The answer can come long after the click (a permission prompt): by then the filters may have changed,
  // or the page been left.
  const latestParams = useRef(searchParams);
  const mounted = useRef(true);

  useEffect(() => {
    latestParams.current = searchParams;
  }, [searchParams]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  function go(next: VisitorPosition | null) {
    void navigate({ search: nearQuery(latestParams.current, next) }, { preventScrollReset: true });
  }

  function located(position: GeolocationPosition) {
    if (!mounted.current) return;
    const found = visitorPosition(position.coords.latitude, position.coords.longitude);
    setStatus(found ? 'idle' : 'unavailable');
    if (found) go(found);
  }

  function failed() {
    if (mounted.current) setStatus('unavailable');
  }

  return {
    near,
    status,
    findNearMe() {
      if (!('geolocation' in navigator)) {
        setStatus('unavailable');
        return;
      }
      setStatus('locating');
      navigator.geolocation.getCurrentPosition(located, failed, GEOLOCATION_OPTIONS);
    },
    clearNear() {
      setStatus('idle');
      go(null);
    },
  };
}
