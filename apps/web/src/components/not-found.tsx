import { Link } from 'react-router';
import { paths } from '../config/paths';

/** Any path no route claims (SPEC §2). */
export function NotFoundRoute() {
  return (
    <section className="text-center py-5">
      <title>Page Not Found · ChurchTrades</title>
      <h1 className="display-6">Page Not Found</h1>
      <p className="text-body-secondary">The page you asked for does not exist or has moved.</p>
      <Link to={paths.home.getHref()} className="btn btn-primary">
        Back to the business search
      </Link>
    </section>
  );
}
