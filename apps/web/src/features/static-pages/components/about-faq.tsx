import { type ReactNode, useId } from 'react';
import Accordion from 'react-bootstrap/Accordion';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { SupportContact } from './site-facts';

/**
 * One question of the FAQ, built from the accordion's parts so the button and its answer name each
 * other (aria-controls, and a region labelled by the question) and the question is an h3 under the FAQ's h2.
 */
function Question({ question, children }: { question: string; children: ReactNode }) {
  const id = useId();
  return (
    <Accordion.Item eventKey={id}>
      <h3 className="accordion-header">
        <Accordion.Button id={`${id}-question`} aria-controls={`${id}-answer`}>
          {question}
        </Accordion.Button>
      </h3>
      <Accordion.Body id={`${id}-answer`} role="region" aria-labelledby={`${id}-question`}>
        {children}
      </Accordion.Body>
    </Accordion.Item>
  );
}

export function AboutFaq() {
  return (
    // alwaysOpen: opening one answer does not close the one the reader is comparing it with.
    <Accordion alwaysOpen className="mb-4">
      <Question question="Is ChurchTrades free?">
        <p>
          Yes. Searching the directory is free and needs no account, and registering and listing a business is
          free too. There are no fees.
        </p>
        <p className="mb-0">
          ChurchTrades is kept running by donations. If you would like to help, see{' '}
          <Link to={paths.donation.getHref()}>Donations</Link>.
        </p>
      </Question>

      <Question question="Who can list a business?">
        <p>
          Any owner of an Australian business who is 18 or older and belongs to a church community. The business
          can be a sole trader, a company or a joint venture.
        </p>
        <p className="mb-0">
          When you set up your listing you attach the business to your church and, if you wish, to a priest of
          that church. Each owner account manages one business.
        </p>
      </Question>

      <Question question="How does approval work?">
        <p>
          After you register and fill in your business profile, your listing waits for a moderator of the church
          you chose. The moderator reviews it and approves it, and only then does your business appear in search
          results.
        </p>
        <p className="mb-0">
          Your business pages show where your listing stands: pending approval, listed, or rejected with the
          moderator&apos;s reason.
        </p>
      </Question>

      <Question question="How do I change my listing?">
        <p>
          <Link to={paths.login.getHref()}>Log in</Link> and choose <strong>Back to Business</strong> in the top
          menu. There you can update your business profile (name, description, services, categories, tags and
          church), your address, social media links, service locations and logo.
        </p>
        <p className="mb-0">
          To take your business out of the search results for a while, switch off <strong>Enabled</strong> in
          your business settings.
        </p>
      </Question>

      <Question question="My business is online only. Will it show on the map?">
        <p>
          No. Online-only businesses do not show on the map, because customers do not visit them at an address.
          They still appear in search results like any other business.
        </p>
        <p className="mb-0">
          If you also serve customers at their location or at your premises, tick{' '}
          <strong>Customer Location</strong> or <strong>Business Location</strong> in your business settings and add
          your address.
        </p>
      </Question>

      <Question question="Does approval mean ChurchTrades recommends a business?">
        <p className="mb-0">
          No. Approval means a moderator of the church has reviewed the listing. Neither ChurchTrades nor the
          church guarantees a business&apos;s work, so check licences, insurance and quotes as you would with any
          business you hire.
        </p>
      </Question>

      <Question question="I forgot my password. What do I do?">
        <p className="mb-0">
          Use <Link to={paths.resetPassword.getHref()}>Forgot password?</Link> and enter the e-mail address you
          registered with. We will e-mail you a link to choose a new password. The link works once and expires
          after an hour.
        </p>
      </Question>

      <Question question="How do I contact support?">
        <SupportContact />
        <p className="mb-0">
          Please tell us your business name and the e-mail address you registered with, so we can find your
          listing quickly.
        </p>
      </Question>
    </Accordion>
  );
}
