import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { useRouteError } from 'react-router';
import { reportRenderError } from '../../lib/error-reporter';

/**
 * What a visitor sees when a screen cannot be shown. The usual cause in production is a new release: the old
 * page asks for a code file that no longer exists, and reloading fetches the new one.
 */
export function ErrorScreen() {
  return (
    <Container className="py-5">
      <title>Something went wrong · ChurchTrades</title>
      <Alert variant="danger">
        <Alert.Heading as="h1" className="h4">
          Something went wrong
        </Alert.Heading>
        <p>This page could not be shown. Reloading usually fixes it.</p>
        <Button variant="outline-danger" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </Alert>
    </Container>
  );
}

/** Shown when a route throws while loading or rendering; the error goes to the shared handler. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => reportRenderError(error), [error]);
  return <ErrorScreen />;
}
