import { DocumentPage } from './document-page';
import { BankDetails, SiteInfoNote, SupportContact } from './site-facts';

/** /donation (SPEC §1): free for customers; gifts by bank transfer; online giving is planned. */
export function DonationPage() {
  return (
    <DocumentPage title="Donations">
      <SiteInfoNote missing="the bank details and the support e-mail address" />
      <p className="lead">
        ChurchTrades is free for customers. Searching the directory and listing a business cost nothing, and
        there are no fees.
      </p>
      <p>
        Donations help cover what it costs to run ChurchTrades, such as hosting, e-mail and building the mobile
        apps. Giving is voluntary: it does not change how a business is approved or listed.
      </p>

      <section aria-labelledby="bank-transfer">
        <h2 id="bank-transfer">Donate by bank transfer</h2>
        <p>Make a transfer from your bank&apos;s app or internet banking to this account:</p>
        <BankDetails />
        <p>
          If you would like us to know who the gift is from, put your name or your business&apos;s name in the
          payment description.
        </p>
      </section>

      <h2>Online donations</h2>
      <p>
        An online donation system is planned, so that you will be able to give on this website. Until it is ready,
        bank transfer is the way to donate.
      </p>

      <h2>Questions</h2>
      <SupportContact lead="Questions about donating? E-mail us at" />
    </DocumentPage>
  );
}
