import { DATA_EXPORT_LINK_HOURS } from '@churchtrades/shared/data-export';
import { compose, link, type MailSender, type Recipient } from '../mail/account-mails';
import type { Mail } from '../mail/transport';

/** The account page where a person asks for their data and downloads it, with the link's key. */
export const DATA_EXPORT_PATH = '/account/data';

/** The archive is ready: a link to the page that downloads it, once, for the logged-in owner. */
export function dataExportReadyMail(sender: MailSender, to: Recipient, key: string): Mail {
  return compose(sender, to, {
    subject: 'Your ChurchTrades data is ready to download',
    paragraphs: [
      'The archive of your data you asked for is ready: your account, your businesses, enquiries, reviews and the rest, as JSON and CSV files, with your pictures.',
      `The link works once, for ${DATA_EXPORT_LINK_HOURS} hours, and only while you are logged in to your account. After that we delete the archive; you can ask for a new one from your account at any time.`,
    ],
    action: { label: 'Download my data', url: link(sender, DATA_EXPORT_PATH, key) },
    after: [
      'If you did not ask for this, change your password at once: whoever asked knew it. Nobody can download the archive without logging in to your account.',
    ],
  });
}
