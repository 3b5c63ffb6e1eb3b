import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { AboutFaq } from './about-faq';
import { DocumentPage } from './document-page';
import { SiteInfoNote, SupportContact } from './site-facts';

/** /about (SPEC §1): what ChurchTrades is, how it works, the FAQ, the apps and what is planned. */
export function AboutPage() {
  return (
    <DocumentPage title="About ChurchTrades" tabTitle="About">
      <SiteInfoNote missing="the support e-mail address" />
      <p className="lead">
        ChurchTrades is a free directory of Australian businesses run by members of church communities. Every
        business in it is attached to a church, so you can find a plumber, a bookkeeper or a caterer from a
        congregation near you, or from your own.
      </p>

      <h2>Who it is for</h2>
      <ul>
        <li>
          <strong>People looking for a business.</strong> Anyone can search the directory, free and without an
          account.
        </li>
        <li>
          <strong>Business owners in a church community.</strong> Sole traders, companies and joint ventures list
          their business at no cost.
        </li>
        <li>
          <strong>Churches.</strong> Each church&apos;s moderators approve the businesses attached to it, so every
          listing has been reviewed by someone from that church.
        </li>
      </ul>

      <h2>How it works</h2>
      <ol>
        <li className="mb-2">
          <strong>Search.</strong> On the <Link to={paths.home.getHref()}>search page</Link>, type what you need
          and narrow the results by state, category, specifics and church. Each result shows the business name, a
          short description, its website, and the owner&apos;s name, e-mail, phone and address. You do not need to
          log in.
        </li>
        <li className="mb-2">
          <strong>Owners register for free.</strong> An owner{' '}
          <Link to={paths.register.getHref()}>creates an account</Link>, confirms their e-mail address through the
          link we send, then fills in the business: profile, address, social media, service locations and logo.
        </li>
        <li className="mb-2">
          <strong>Each business is attached to a church,</strong> and, if the owner wishes, to a priest of that
          church.
        </li>
        <li>
          <strong>Church moderators approve.</strong> A moderator of that church reviews the business before it
          appears in search results.
        </li>
      </ol>

      <h2>Frequently asked questions</h2>
      <AboutFaq />

      <h2>Mobile apps</h2>
      <ul>
        <li>
          <strong>iPhone and iPad:</strong> the iOS app awaits store approval in Apple&apos;s App Store.
        </li>
        <li>
          <strong>Android:</strong> the Android app is in development.
        </li>
      </ul>
      <p>Until the apps are available, this website works in the browser of any phone, tablet or computer.</p>

      <h2>What we are planning</h2>
      <p>We plan to add:</p>
      <ul>
        <li>
          <strong>Advertising</strong>, for businesses that want to reach more people;
        </li>
        <li>
          <strong>Job listings</strong>, so businesses can offer work within their church communities;
        </li>
        <li>
          <strong>Ratings</strong> of businesses by their customers;
        </li>
        <li>
          <strong>Live directions</strong> to a business from where you are;
        </li>
        <li>
          <strong>Monthly reports</strong> for owners about their listing;
        </li>
        <li>
          <strong>Church event notifications</strong>, to hear about what is on at your church.
        </li>
      </ul>
      <p>These are plans: we cannot yet say when each one will arrive.</p>

      <h2>Contact us</h2>
      <SupportContact lead="Questions, corrections or ideas? E-mail us at" />
    </DocumentPage>
  );
}
