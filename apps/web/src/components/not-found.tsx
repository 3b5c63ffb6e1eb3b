import { MESSAGES } from '@churchtrades/shared/messages';
import { Link } from 'react-router';
import { paths } from '../config/paths';

/** Any path no route claims (SPEC §2). */
export function NotFoundRoute() {
  return (
    <section className="text-center py-5">
      <title>{`${MESSAGES.pageNotFound} · ChurchTrades`}</title>
      <h1 className="display-6">{MESSAGES.pageNotFound}</h1>
      <p className="text-body-secondary">The page you asked for does not exist or has moved.</p>
      <Link to={paths.home.getHref()} className="btn btn-primary">
        Back to the business search
      </Link>
    </section>
  );
}
