import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { AutomatedDecisions } from './automated-decisions';
import {
  type DocumentSection,
  DocumentPage,
  NumberedSections,
  PolicyLastUpdated,
  PRIVACY_POLICY_LAST_UPDATED,
} from './document-page';
import { SiteInfoNote, SUPPORT_REPLY_TIME, SupportContact, SupportEmail } from './site-facts';

const SECTIONS: DocumentSection[] = [
  {
    id: 'summary',
    title: 'In short',
    content: (
      <ul>
        <li>You can search the directory without an account, and we do not ask who you are.</li>
        <li>
          When your business is listed, its name and the owner&apos;s name, e-mail, phone and address are shown to
          everyone.
        </li>
        <li>We use one cookie, only to keep you logged in.</li>
        <li>We e-mail you only to verify your account, to reset your password, and to answer you.</li>
        <li>We do not sell your personal information.</li>
        <li>You can see and correct your information, and complain to the OAIC if we get it wrong.</li>
      </ul>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    content: (
      <>
        <p>We collect only what we need to run the directory, and we collect it from you:</p>
        <ul>
          <li className="mb-2">
            <strong>Account details:</strong> your first and last name, e-mail address and password when you
            register, and, if you add them, your phone number, a short bio and a photo. We keep your password only
            in a scrambled one-way form (a hash), so no one at ChurchTrades can read it. If you turn on two-step
            verification, we keep the secret your authenticator app uses.
          </li>
          <li className="mb-2">
            <strong>Business details:</strong> the business name, description, services, categories and tags; the
            church (and priest) it is attached to; its address, website and social media links; where it serves
            customers (at their location, at the business or online); its logo; and the owner&apos;s name, e-mail
            and phone shown on the listing.
          </li>
          <li>
            <strong>Technical information:</strong> when your browser or app contacts our server, the server
            receives its IP address and the time of the request. We use this to keep ChurchTrades running and
            secure, for example to limit repeated login attempts.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'shown-publicly',
    title: 'What is shown publicly',
    content: (
      <>
        <p>
          Once a church moderator approves a business, anyone can see its card in the search results without
          logging in. The card shows:
        </p>
        <ul>
          <li>the business name</li>
          <li>the owner&apos;s name</li>
          <li>the owner&apos;s e-mail address</li>
          <li>the owner&apos;s phone number</li>
          <li>the business address</li>
        </ul>
        <p>
          It also shows the business&apos;s description, logo and website. Your account&apos;s bio and photo are
          not shown on the card.
        </p>
        <p>
          Only put details on your listing that you are happy for the public to see: a business phone number and
          e-mail address rather than personal ones, for example.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use your information',
    content: (
      <>
        <ul>
          <li>To create and run your account and to log you in.</li>
          <li>To show your business in the directory once it is approved.</li>
          <li>To let the moderators of your church review your business.</li>
          <li>
            To e-mail you: a link to verify your account when you register, and a link to reset your password when
            you ask for one. We also reply when you write to us. We do not send marketing e-mails.
          </li>
          <li>To keep ChurchTrades secure and working, and to stop misuse.</li>
        </ul>
        <p>We do not use your information for any other purpose unless you agree or the law requires or allows it.</p>
      </>
    ),
  },
  {
    id: 'automated-decisions',
    title: 'Decisions made automatically',
    content: <AutomatedDecisions />,
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    content: (
      <>
        <ul>
          <li>
            <strong>The public:</strong> the listing details described in &ldquo;What is shown publicly&rdquo;.
          </li>
          <li>
            <strong>Church moderators and our administrators,</strong> who review and look after listings.
          </li>
          <li>
            <strong>Service providers</strong> who help us run ChurchTrades, such as hosting and e-mail delivery.
            They may use the information only to provide their service to us.
          </li>
          <li>
            <strong>Authorities,</strong> when the law requires us to.
          </li>
        </ul>
        <p>
          <strong>We do not sell, rent or trade personal information,</strong> and we do not share it with
          advertisers.
        </p>
        <p>
          Some of our service providers may store information outside Australia. When they do, we take reasonable
          steps to make sure it is protected to the standard of the Australian Privacy Principles.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and browser storage',
    content: (
      <>
        <p>
          We use one cookie, for your session only. When you log in it keeps you logged in as you move between
          pages; it is removed when you log out or the session ends. Scripts on the page cannot read it, and we do
          not use it for anything else.
        </p>
        <p>We do not use advertising, analytics or tracking cookies.</p>
        <p>
          Your browser also keeps a small note that you are logged in, and your role, so that the menu shows the
          right links. It holds no other personal information.
        </p>
        <p>If you block cookies you can still search the directory, but you cannot log in.</p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    content: (
      <p>
        Connections to ChurchTrades are encrypted, passwords are stored only as hashes, you can turn on two-step
        verification, and we remove hidden information such as location data from the images you upload. No
        system is perfectly secure, so please use a strong password that you do not use anywhere else. If a data
        breach is likely to cause you serious harm, we will tell you and the OAIC, as the Notifiable Data Breaches
        scheme requires.
      </p>
    ),
  },
  {
    id: 'keeping',
    title: 'How long we keep it',
    content: (
      <p>
        We keep your account and business details while your account is open. If you ask us to close your account,
        we delete your personal information, or remove anything that identifies you, unless the law requires us to
        keep it.
      </p>
    ),
  },
  {
    id: 'access-and-correction',
    title: 'Seeing and correcting your information',
    content: (
      <>
        <p>
          You can see and change most of your details yourself: <Link to={paths.login.getHref()}>log in</Link> and
          open your account or business pages.
        </p>
        <p>
          To ask for a copy of the personal information we hold about you, or to correct something you cannot
          change yourself, e-mail us at <SupportEmail />. We will answer within a reasonable time, usually within
          30 days, and we do not charge for this. If we cannot do what you ask, we will tell you why.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    content: (
      <p>
        ChurchTrades is not meant for children. We do not serve people under 13, and we do not knowingly collect
        their personal information. If you believe a child under 13 has given us their details, tell us and we will
        delete them. To register an account you must be 18 or older (see our{' '}
        <Link to={paths.termsAndConditions.getHref()}>Terms and Conditions</Link>).
      </p>
    ),
  },
  {
    id: 'complaints',
    title: 'Complaints',
    content: (
      <>
        <p>
          If you think we have mishandled your personal information, e-mail us at <SupportEmail />. We typically
          reply within {SUPPORT_REPLY_TIME}, and we aim to resolve complaints within 30 days.
        </p>
        <p>
          If you are not satisfied with our answer, you can complain to the Office of the Australian Information
          Commissioner (OAIC) at <a href="https://www.oaic.gov.au/">www.oaic.gov.au</a> or on 1300 363 992.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        We may update this policy as ChurchTrades changes, for example when we add new features. We will change the
        &ldquo;Last updated&rdquo; date at the top of this page, and for significant changes we will also show a
        notice on the site.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: <SupportContact lead="For any question about your privacy, e-mail us at" />,
  },
];

/** /privacypolicy (SPEC §1): the Privacy Act 1988 and the APPs in plain words. */
export function PrivacyPolicyPage() {
  return (
    <DocumentPage title="Privacy Policy">
      <PolicyLastUpdated date={PRIVACY_POLICY_LAST_UPDATED} />
      <SiteInfoNote missing="the support e-mail address" />
      <p>
        This policy explains what personal information ChurchTrades (&ldquo;we&rdquo;, &ldquo;us&rdquo;) collects,
        why, who can see it, and the choices you have. We handle personal information in line with the{' '}
        <em>Privacy Act 1988</em> (Cth) and the Australian Privacy Principles, the rules in that Act for how
        organisations collect, use, store and share personal information.
      </p>
      <NumberedSections sections={SECTIONS} />
    </DocumentPage>
  );
}
