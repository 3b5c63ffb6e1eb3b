import { businessPath } from '@churchtrades/shared/business-page';
import { REVIEW_INVITATION_DAYS } from '@churchtrades/shared/reviews';
import { compose, link, type MailSender, type Recipient } from '../mail/account-mails';
import type { Mail } from '../mail/transport';

/** The web page where a review is written (and, later, edited). */
export const WRITE_REVIEW_PATH = '/reviews/write';

/** For a sender with an account: the page names their enquiry, and they log in. */
export function writeReviewUrlForAccount(sender: MailSender, enquiryId: string): string {
  const url = new URL(WRITE_REVIEW_PATH, sender.appOrigin);
  url.searchParams.set('enquiry', enquiryId);
  return url.toString();
}

/** For a sender without an account: the page carries their conversation link's token, their proof. */
export function writeReviewUrlForLink(sender: MailSender, token: string): string {
  const url = new URL(WRITE_REVIEW_PATH, sender.appOrigin);
  url.searchParams.set('token', token);
  return url.toString();
}

/** The invitation to review a business, the same for every person whose enquiry it answered. */
export function reviewInvitationMail(
  sender: MailSender,
  to: Recipient,
  invitation: { tradeName: string; url: string; withAccount: boolean },
): Mail {
  return compose(sender, to, {
    subject: `How was ${invitation.tradeName}?`,
    paragraphs: [
      `${REVIEW_INVITATION_DAYS} days ago ${invitation.tradeName} answered your enquiry on ChurchTrades.`,
      'If you went ahead with them, your review helps the next person choose: one to five stars and a few words about how it went.',
      'We ask everyone whose enquiry a business answered. The business does not choose whom we ask, and cannot pay to change what shows.',
    ],
    action: { label: 'Write a review', url: invitation.url },
    after: [
      invitation.withAccount
        ? 'You will be asked to log in to the account you sent the enquiry from.'
        : 'The link is yours alone, like the link to your conversation with the business: anyone with it can review the business as you.',
      'If you did not go ahead, or would rather not say, ignore this mail: we will not ask again.',
    ],
  });
}

/** The owner answered the person's review: where to read it. */
export function ownerAnsweredReviewMail(
  sender: MailSender,
  to: Recipient,
  answered: { tradeId: string; tradeName: string; answer: string },
): Mail {
  return compose(sender, to, {
    subject: `${answered.tradeName} answered your review`,
    paragraphs: [`${answered.tradeName} answered your review on ChurchTrades. Their answer shows beside it on the business page:`, answered.answer],
    action: { label: 'Read it on the business page', url: link(sender, businessPath(answered.tradeId, answered.tradeName)) },
  });
}
