import 'bootstrap/dist/css/bootstrap.min.css';
import 'react-toastify/ReactToastify.css';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { browserErrorReporter, installErrorReporter } from './lib/error-reporter';
import { makeStore } from './lib/store';

installErrorReporter(browserErrorReporter());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Every screen names itself with a <title> that React puts in the head; the one served with the page would stay
// beside it, and a document has one title.
document.head.querySelector('title')?.remove();

const root = createRoot(container);
// As a transition, React renders the first screen in short slices and lets the browser in between.
startTransition(() => {
  root.render(
    <AppProvider store={makeStore()}>
      <RouterProvider router={createAppRouter()} />
    </AppProvider>,
  );
});
