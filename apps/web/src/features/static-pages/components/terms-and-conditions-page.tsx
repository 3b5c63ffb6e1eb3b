import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { type DocumentSection, DocumentPage, NumberedSections, PolicyLastUpdated, TERMS_LAST_UPDATED } from './document-page';
import { SiteInfoNote, SupportContact, SupportEmail } from './site-facts';

const MINIMUM_AGE = 18;

const SECTIONS: DocumentSection[] = [
  {
    id: 'acceptance',
    title: 'Accepting these terms',
    content: (
      <p>
        By using ChurchTrades, whether you search the directory or register an account, you agree to these terms
        and to our <Link to={paths.privacyPolicy.getHref()}>Privacy Policy</Link>. If you do not agree, please do
        not use ChurchTrades.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who can use ChurchTrades',
    content: (
      <>
        <p>
          You must be at least {MINIMUM_AGE} years old to use ChurchTrades, including to register an account or
          list a business. By using ChurchTrades you confirm that you are.
        </p>
        <p>
          To list a business, you must own it or be authorised by its owner to list it, and it must operate in
          Australia.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account and its security',
    content: (
      <ul>
        <li>Give accurate details when you register, and keep them up to date.</li>
        <li>Confirm your e-mail address through the link we send you; your account works once you have.</li>
        <li>
          Keep your password secret and do not use it anywhere else. We recommend turning on two-step verification.
        </li>
        <li>An account is for one person. Do not share it or create one for someone else without their consent.</li>
        <li>
          You are responsible for what is done with your account. If you think someone else has used it, change
          your password and tell us straight away.
        </li>
      </ul>
    ),
  },
  {
    id: 'listings',
    title: 'Listings and moderation',
    content: (
      <ul>
        <li className="mb-2">
          You are responsible for your listing. It must be accurate, up to date and lawful, and you must have the
          right to use everything you upload, such as your logo.
        </li>
        <li className="mb-2">
          Each business is attached to a church. A moderator of that church reviews the listing before it appears
          in search results, and may decline it or later remove it, for example if it is inaccurate or breaks these
          terms. We may do the same.
        </li>
        <li className="mb-2">
          The business name, owner&apos;s name, e-mail address, phone number and business address on a listed
          business are shown to the public, as our Privacy Policy explains.
        </li>
        <li className="mb-2">
          You keep ownership of your listing and logo, and you allow us to show them on ChurchTrades and in our apps
          for as long as your business is listed.
        </li>
        <li>
          Approval is not an endorsement. Neither ChurchTrades nor any church recommends or guarantees the work,
          licences or insurance of a listed business. Any agreement for work is between the customer and the
          business, so check licences, insurance and quotes as you would with any business.
        </li>
      </ul>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    content: (
      <>
        <p>You must not:</p>
        <ul>
          <li>post false, misleading or deceptive information, or list a business you do not own or represent;</li>
          <li>
            list anything unlawful, or post content that is offensive, defamatory or infringes anyone&apos;s rights;
          </li>
          <li>
            use the contact details of listed owners to send spam or unsolicited marketing, which the{' '}
            <em>Spam Act 2003</em> (Cth) prohibits;
          </li>
          <li>copy the directory in bulk, or access it by automated means other than the features we provide;</li>
          <li>try to get around our security, use another person&apos;s account, or disrupt the service;</li>
          <li>pretend to be someone else, including a church or one of its moderators.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'fees',
    title: 'No fees',
    content: (
      <>
        <p>
          ChurchTrades is free. We charge no fees to search the directory, register an account or list a business.
        </p>
        <p>
          <Link to={paths.donation.getHref()}>Donations</Link> are welcome but voluntary, and give no extra rights or
          priority. If we ever offer optional paid features, such as advertising, we will tell you the price clearly
          first, and you will pay only if you choose to.
        </p>
      </>
    ),
  },
  {
    id: 'availability',
    title: 'The service',
    content: (
      <p>
        We work to keep ChurchTrades available and accurate, but we provide it as it is. It may sometimes be
        unavailable, and we may change or stop features. Listings are written by their owners, and we do not check
        every detail in them.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our liability and the Australian Consumer Law',
    content: (
      <>
        <p>
          Nothing in these terms excludes, restricts or changes any right or remedy you have under the Australian
          Consumer Law (Schedule 2 to the <em>Competition and Consumer Act 2010</em> (Cth)), or any guarantee that
          the law does not allow to be excluded.
        </p>
        <p>Otherwise, to the extent the law allows:</p>
        <ul>
          <li>
            we are not liable for the businesses listed, for the work, goods or services they provide, or for
            dealings between customers and businesses;
          </li>
          <li>
            we are not liable for indirect or consequential loss, such as lost profits or lost opportunities,
            arising from your use of ChurchTrades;
          </li>
          <li>
            where we fail to meet a consumer guarantee and the law lets us limit our liability, our liability is
            limited to supplying the service again or paying the cost of having it supplied again.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Suspending and closing accounts',
    content: (
      <>
        <p>
          You may stop using ChurchTrades at any time. To take your business out of the search results, switch off{' '}
          <strong>Enabled</strong> in your business settings; to close your account, e-mail us at <SupportEmail />.
        </p>
        <p>
          We may suspend or close an account, or remove a listing, if you break these terms, if the information in
          it is false, or if we must do so to protect others or to comply with the law. Where it is reasonable, we
          will tell you why and give you a chance to put things right first.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        We may update these terms. We will change the &ldquo;Last updated&rdquo; date at the top of this page, and
        for significant changes we will also show a notice on the site. If you keep using ChurchTrades after a
        change takes effect, you accept the new terms; if you do not agree with them, stop using ChurchTrades and
        ask us to close your account.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    content: (
      <p>
        These terms are governed by the laws of New South Wales, Australia. You and we submit to the non-exclusive
        jurisdiction of the courts of New South Wales.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: <SupportContact lead="For any question about these terms, e-mail us at" />,
  },
];

/** /termsandconditions (SPEC §1): minimum age 18, free service, Australian Consumer Law, NSW law. */
export function TermsAndConditionsPage() {
  return (
    <DocumentPage title="Terms and Conditions">
      <PolicyLastUpdated date={TERMS_LAST_UPDATED} />
      <SiteInfoNote missing="the support e-mail address" />
      <p>
        These terms are the agreement between you and ChurchTrades (&ldquo;we&rdquo;, &ldquo;us&rdquo;) for using
        the ChurchTrades website and apps. We have tried to write them plainly; please read them, because they
        affect your rights.
      </p>
      <NumberedSections sections={SECTIONS} />
    </DocumentPage>
  );
}
