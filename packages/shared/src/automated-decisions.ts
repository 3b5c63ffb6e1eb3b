/**
 * Every decision about a person that the product makes by program alone, without anyone looking first: the one
 * home of the privacy policy's "Decisions made automatically" (Privacy Act 1988, APP 1.7–1.9 as amended in 2024).
 * The page is rendered from this list; the code that decides names its kind here (each rate limit, back-off,
 * scheduled job, hold reason and flag), and the tests fail when a decision of the code has no entry, or an entry
 * no longer matches the code's numbers. Kept free of zod and of the feature modules, so the page loads only text.
 */

import type { ReviewFlag, ReviewHoldReason } from './reviews';

export const AUTOMATED_DECISION_KINDS = [
  'REVIEW_HELD_FOR_WORDS',
  'REVIEW_HELD_FOR_BURST',
  'REVIEW_HELD_FOR_OWNER_NETWORK',
  'REVIEW_FLAGGED',
  'REVIEW_ELIGIBILITY',
  'REVIEW_LIMITS',
  'REVIEW_INVITATION',
  'REVIEW_CHURCH_HOLD_LAPSE',
  'ENQUIRY_HELD_SAME_TEXT',
  'ENQUIRY_LIMITS',
  'ENQUIRY_BLOCKED_ADDRESS',
  'ENQUIRY_UNCONFIRMED_DROPPED',
  'CONVERSATION_LINK_LAPSE',
  'ROBOT_CHECKS',
  'LOGIN_LIMITS',
  'ACCOUNT_PAUSE',
  'TWO_STEP_LIMITS',
  'ACCOUNT_REQUEST_LIMITS',
  'PASSWORD_STRENGTH',
  'SESSION_END',
  'LISTING_LIMITS',
  'LISTING_WITHOUT_MODERATOR',
  'LISTING_BACK_TO_MODERATION',
  'DUPLICATE_SUGGESTIONS',
  'ABN_VERIFICATION',
  'VOUCH_LAPSE',
  'STILL_TRADING',
  'UPLOAD_CHECKS',
  'MAIL_DELIVERY',
  'DATA_EXPORT',
  'ACCOUNT_DELETION',
] as const;
export type AutomatedDecisionKind = (typeof AUTOMATED_DECISION_KINDS)[number];

/** A screen of the web app where a person can act on the decision or ask about it. */
export interface DecisionScreen {
  label: string;
  /** A path of the web app's paths table, e.g. `/resetpassword`. */
  path: string;
}

export interface AutomatedDecision {
  title: string;
  /** What sets the decision off. */
  trigger: string;
  /** The data it reads. */
  reads: string;
  /** What it does. */
  effect: string;
  /** How long its effect lasts. */
  lasts: string;
  /** How to have a person look at it (besides e-mailing support, which the page offers for every decision). */
  askAPerson: string;
  screen?: DecisionScreen;
}

const TRADE_DASHBOARD: DecisionScreen = { label: 'Your business', path: '/trade' };
const RESET_PASSWORD: DecisionScreen = { label: 'Forgot your password', path: '/resetpassword' };

export const AUTOMATED_DECISIONS: Readonly<Record<AutomatedDecisionKind, AutomatedDecision>> = {
  REVIEW_HELD_FOR_WORDS: {
    title: 'A review held for its words',
    trigger: 'Writing or editing a review.',
    reads:
      'The words of the review and the suburb it names: whether they hold a link, an e-mail address, an Australian phone number, or a word on a standard list of offensive words.',
    effect:
      'The review is not shown on the business page; it waits for a moderator, who publishes or removes it. The reviewer is told that it is waiting for a moderator.',
    lasts: 'Until a moderator decides. An edit that no longer holds such words is checked again.',
    askAPerson: 'Moderators look at every held review. To ask about yours, e-mail us.',
  },
  REVIEW_HELD_FOR_BURST: {
    title: 'A review held because many came at once',
    trigger: 'More than 3 new reviews of the same business within 24 hours: the fourth and each one after it.',
    reads: 'How many reviews the business received in the last 24 hours.',
    effect: 'The new review waits for a moderator instead of showing at once.',
    lasts: 'Until a moderator decides; editing the review does not lift it.',
    askAPerson: 'Moderators look at every held review. To ask about yours, e-mail us.',
  },
  REVIEW_HELD_FOR_OWNER_NETWORK: {
    title: "A review held because it came from the owner's network",
    trigger: "Writing a review from a network the business's owner logged in from within the last 30 days.",
    reads:
      "The network the review was sent from (an IPv4 address, or the first half of an IPv6 address) and the networks the owner's account logged in from, which we keep 30 days after each login.",
    effect:
      'The review is stored but not shown, and does not count towards the rating; it waits for a moderator. The reviewer is told that it waits for a moderator, and only moderators see why.',
    lasts: 'Until a moderator with no tie to the business publishes or removes it; editing it does not lift the hold.',
    askAPerson: 'A moderator looks at every such review. To ask about yours, e-mail us.',
  },
  REVIEW_FLAGGED: {
    title: 'Signs of fake reviews shown to moderators',
    trigger: 'Writing a review.',
    reads:
      'The network the review was sent from (more than 2 other reviews of the same business from that network within 30 days), the age of the reviewer\'s account (younger than 14 days), and whether another review had the same text in the last 90 days.',
    effect:
      'The review still shows, but moderators see a flag on it in their list, and may look at it. A flag alone removes nothing.',
    lasts: 'The flag stays with the review while moderators may look at it.',
    askAPerson: 'A moderator decides what, if anything, follows a flag. To ask about it, e-mail us.',
  },
  REVIEW_ELIGIBILITY: {
    title: 'Who may write a review',
    trigger: 'Opening the review form, or sending a review.',
    reads:
      'The enquiry the person sent through ChurchTrades and when the business first answered it (at least 7 days before); whether they already reviewed the business; whether their address was blocked; whether they are its owner (the same account, or an address reaching the same inbox as the owner\'s login e-mail, earlier login e-mails or the business\'s public e-mail, whatever its +tag or, at Gmail, its dots); and whether they serve or run a business at the same church, which labels the review "Same church".',
    effect: 'A person who may not review is told why, and no review is stored.',
    lasts: 'As long as the reason holds: a person who must wait is told the date from which they may write.',
    askAPerson: 'If you believe you should be able to review a business, e-mail us.',
  },
  REVIEW_LIMITS: {
    title: 'Limits on reviews and reports from one network',
    trigger: 'Sending reviews or reports of reviews.',
    reads: 'The network they are sent from, and how many it sent in the last hour.',
    effect:
      'More than 10 reviews, or more than 5 reports, from one network in an hour are refused, with the time to wait. A review keeps one open report per network and per account: a repeated report adds to its count, which moderators see, and hides nothing by itself.',
    lasts: 'Until the hour has passed.',
    askAPerson: 'If a shared connection keeps you from writing, e-mail us.',
  },
  REVIEW_INVITATION: {
    title: 'Invitations to review',
    trigger: 'A business answered an enquiry 14 days ago.',
    reads: 'The enquiry, its answer, whether the person reviewed the business already, and whether their address was blocked.',
    effect:
      'Everyone the business answered is e-mailed one invitation to review it, once per person and business. No business can choose whom we invite.',
    lasts: 'The invitation is sent once.',
    askAPerson: 'If you received an invitation you did not expect, e-mail us.',
  },
  REVIEW_CHURCH_HOLD_LAPSE: {
    title: "The end of a church moderator's hold on a review",
    trigger: 'A moderator of the business\'s own church held a review 48 hours ago, and no other moderator has decided.',
    reads: 'When the hold began, and whether an automatic check still holds the review.',
    effect: 'The review shows again, unless one of the checks above still holds it.',
    lasts: 'Once; a review can be held this way only once.',
    askAPerson: 'Moderators of other churches decide reported reviews. To ask about one, e-mail us.',
  },
  ENQUIRY_HELD_SAME_TEXT: {
    title: 'An enquiry held because its text went to many businesses',
    trigger: 'The same message sent to more than 3 businesses within 24 hours.',
    reads: 'A fingerprint of the message (not its meaning) and how many businesses received it.',
    effect:
      "The enquiry is not delivered; it waits for a moderator of the business's church, who delivers it or not.",
    lasts: 'Until a moderator decides.',
    askAPerson: 'Moderators look at every held enquiry. To ask about yours, e-mail us.',
  },
  ENQUIRY_LIMITS: {
    title: 'Limits on enquiries',
    trigger: 'Sending an enquiry or a message in a conversation.',
    reads:
      'The sender\'s e-mail address and network, and how many enquiries they and the business had lately.',
    effect:
      'More than 5 enquiries an hour or 15 a day from one address, more than 10 an hour from one network, or more than 10 messages an hour in conversations are refused, with the time to wait. A business that received 30 new enquiries in a day takes more the next day.',
    lasts: 'Until the hour or the day has passed.',
    askAPerson: 'If a limit keeps you from reaching a business, e-mail us.',
  },
  ENQUIRY_BLOCKED_ADDRESS: {
    title: 'Enquiries and reviews from a blocked address',
    trigger: 'A moderator blocked an e-mail address that sent spam; every later enquiry or review from it is checked.',
    reads: 'The e-mail address of the enquiry or the review.',
    effect: 'Enquiries and reviews from the address are refused, and its enquiries not yet delivered are dropped.',
    lasts: 'Until a moderator lets the address through again.',
    askAPerson: 'If you believe your address was blocked by mistake, e-mail us.',
  },
  ENQUIRY_UNCONFIRMED_DROPPED: {
    title: 'Enquiries never confirmed',
    trigger: 'A visitor without an account did not confirm their address within 48 hours of sending an enquiry, or the business left the directory before the confirmation.',
    reads: 'When the enquiry was sent and whether its confirmation link was used.',
    effect: 'The enquiry is dropped and never reaches the business.',
    lasts: 'For good; the visitor may send the enquiry again.',
    askAPerson: 'Send the enquiry again from the business page, or e-mail us.',
  },
  CONVERSATION_LINK_LAPSE: {
    title: 'The lapse of a conversation link',
    trigger: "Opening or using the private link of an enquiry's conversation 180 days or more after its last message.",
    reads: "When the conversation's last message was written, by either side.",
    effect:
      'The link opens nothing and says that it has lapsed; no invitation to review is mailed with it. The conversation is not deleted: the business still has it.',
    lasts: "Until the business answers again, which mails the link anew; or send a new enquiry from the business's page.",
    askAPerson: "Send a new enquiry from the business's page, or e-mail us.",
  },
  ROBOT_CHECKS: {
    title: 'Checks that a form was sent by a person',
    trigger: 'Sending an enquiry or a report of a review without an account, registering, or listing a business.',
    reads:
      'The answer your browser computed to a small puzzle (a proof of work, solved on your device), and form fields hidden from people that only robots fill in.',
    effect: 'A form without a solved puzzle, or with a hidden field filled in, is refused and nothing is stored.',
    lasts: 'Each time the form is sent; sending it again from a browser works.',
    askAPerson: 'If a form keeps refusing you, e-mail us.',
  },
  LOGIN_LIMITS: {
    title: 'Slowing down wrong passwords',
    trigger: 'Logging in, or giving your password inside your account.',
    reads: 'The e-mail address, the network the attempt came from, and how many wrong passwords it gave lately.',
    effect:
      'After 5 wrong passwords for one account from one network, each further try must wait, from 30 seconds up to 15 minutes. More than 50 logins in 15 minutes from one network are refused.',
    lasts: 'Until the wait has passed; the count starts again after an hour.',
    askAPerson: 'Ask for a new password if you forgot yours.',
    screen: RESET_PASSWORD,
  },
  ACCOUNT_PAUSE: {
    title: 'Pausing logins to an account under attack',
    trigger: '100 wrong passwords for one account within an hour, from anywhere.',
    reads: 'How many wrong passwords the account received in the last hour, and the network that opens the link below.',
    effect:
      'Logging in to the account is paused, and its owner is e-mailed that it was, with an "It\'s me" link: pressing it lets the network it was pressed from log in with the right password during the pause (the link alone logs nobody in). Choosing a new password with a reset link ends the pause at once.',
    lasts: 'Up to an hour; the "It\'s me" link works once, within that hour.',
    askAPerson: 'Use the link in the e-mail, ask for a new password, or e-mail us if the pause keeps you out.',
    screen: RESET_PASSWORD,
  },
  TWO_STEP_LIMITS: {
    title: 'Limits on two-step codes',
    trigger: 'Entering the code of your authenticator app at login.',
    reads: 'How many codes were tried for the login, the account and the network.',
    effect:
      'After 5 codes in one login the password must be given again. After 10 wrong codes for an account, or 20 from one network, within an hour, codes are refused, and the owner is e-mailed that two-step login was paused.',
    lasts: 'Up to an hour.',
    askAPerson: 'If you lost your authenticator, e-mail us.',
  },
  ACCOUNT_REQUEST_LIMITS: {
    title: 'Limits on registrations and password resets',
    trigger: 'Registering, or asking for a new password.',
    reads: 'The e-mail address and the network of the request, and how many came from them in the last hour.',
    effect:
      'More than 5 registrations or 5 reset requests an hour for one e-mail address, more than 20 registrations or 5 reset requests an hour from one network are refused, with the time to wait. A login whose password an administrator marked as expired is refused, and a reset link is mailed instead.',
    lasts: 'Until the hour has passed.',
    askAPerson: 'If you cannot register or reset your password, e-mail us.',
  },
  PASSWORD_STRENGTH: {
    title: 'Passwords that are too easy to guess',
    trigger: 'Choosing a password (registering, changing or resetting it).',
    reads: 'The new password, checked against common passwords, English words and your own name and e-mail address.',
    effect: 'A password that would be guessed too easily is refused, with a hint to make it stronger. It is never stored.',
    lasts: 'Each time a password is chosen.',
    askAPerson: 'Choose a longer password, for example a few unrelated words.',
  },
  SESSION_END: {
    title: 'The end of a login',
    trigger: 'A login unused for 24 hours, or 14 days after it began.',
    reads: 'When the session began and when it was last used.',
    effect: 'You are logged out and must log in again.',
    lasts: 'Until you log in again.',
    askAPerson: 'You can see and end your logins on the Sessions page of your account.',
    screen: { label: 'Your sessions', path: '/account/sessions' },
  },
  LISTING_LIMITS: {
    title: 'Limits on listing and on the address search',
    trigger: 'Listing a business, or asking the address search for suggestions.',
    reads: 'Your account or network, and how many such requests it made in the last hour.',
    effect:
      'More than 5 listing attempts an hour from one account, or more than 60 address searches an hour from one network (600 for a logged-in owner), are refused with the time to wait. Error reports that a browser sends us automatically are limited to 30 in 10 minutes.',
    lasts: 'Until the hour has passed.',
    askAPerson: 'If a limit keeps you from listing your business, e-mail us.',
  },
  LISTING_WITHOUT_MODERATOR: {
    title: 'Listing at a church that does not moderate',
    trigger: "Listing a business at a church whose moderation is switched off.",
    reads: "The church's moderation setting.",
    effect: 'The business is listed in the directory at once, without a moderator approving it first.',
    lasts: 'While the business stays listed.',
    askAPerson: 'Moderators and administrators can unlist any business.',
  },
  LISTING_BACK_TO_MODERATION: {
    title: 'A listed business sent back to its moderators',
    trigger: 'Moving a business to another church, or changing a business after its approval.',
    reads: 'The fields that changed, and the church before and after.',
    effect:
      "A business moved to another church leaves the directory until that church's moderators approve it, and the vouches of its old church are withdrawn. A business changed at the same church stays listed, and is shown to its moderators for another look.",
    lasts: "Until the new church's moderators decide.",
    askAPerson: 'Your business page shows where your business stands.',
    screen: TRADE_DASHBOARD,
  },
  DUPLICATE_SUGGESTIONS: {
    title: 'Possible duplicates shown to moderators',
    trigger: 'A business waiting for a moderator.',
    reads:
      "The business's name, the owner's phone and e-mail address (without a +tag), and the website, compared with every other business.",
    effect:
      'Moderators see the businesses that look the same beside the one they decide on. The suggestion decides nothing: a moderator approves or rejects.',
    lasts: 'While the business waits for a decision.',
    askAPerson: 'A moderator decides; if your business was rejected, its reason is on your business page.',
    screen: TRADE_DASHBOARD,
  },
  ABN_VERIFICATION: {
    title: 'The ABN check and its lapse',
    trigger: 'Entering or changing an ABN or the name it must be registered to, and again every 90 days.',
    reads:
      "The ABN, the business's name and the owner's name, and what the Australian Business Register says about the ABN.",
    effect:
      'The "ABN active" badge shows while the register says the ABN is active and registered to the business or its owner. When it no longer is, the badge goes, and the owner and the church\'s moderators are e-mailed why.',
    lasts: 'Until the next check, 90 days later, or a change of the ABN.',
    askAPerson: 'Correct the ABN on your business profile, or e-mail us if the register is wrong.',
    screen: { label: 'Your business profile', path: '/trade/profile' },
  },
  VOUCH_LAPSE: {
    title: 'The lapse of a church vouch',
    trigger: 'A vouch of a church ("Known to <church>") reaching 12 months.',
    reads: 'When the vouch was given or renewed.',
    effect:
      'The person who vouched is asked to renew it 30 days before; without renewal the badge goes at the end of the 12 months.',
    lasts: 'Until someone at the church vouches again.',
    askAPerson: "Ask your church's moderator or priest to vouch again.",
  },
  STILL_TRADING: {
    title: 'The yearly "still trading?" question and the expiry of a listing',
    trigger:
      "12 months (or the period our administrators set, from 3 to 36) after a business's approval or its owner's last answer.",
    reads: "When the business was approved or last confirmed, and whether its owner answered.",
    effect:
      'The owner is e-mailed a link to confirm that the business still trades, and reminded after 30 days. Without an answer the business leaves the directory 60 days after the question.',
    lasts: 'Until the owner confirms with the link, or from the business page, which lists it again.',
    askAPerson: 'Confirm from the link or your business page, or e-mail us.',
    screen: TRADE_DASHBOARD,
  },
  UPLOAD_CHECKS: {
    title: 'Checks of uploaded pictures',
    trigger: 'Uploading a logo, a cover picture or a photo.',
    reads: 'The file itself, decoded as an image.',
    effect:
      'A file that is not a picture, or is larger than 5 MB, is refused. A picture is resized and saved anew, without hidden information such as its location.',
    lasts: 'Each upload.',
    askAPerson: 'If a picture keeps being refused, e-mail us.',
  },
  MAIL_DELIVERY: {
    title: 'E-mails we could not deliver',
    trigger: 'Our e-mail to you failing 10 times.',
    reads: 'What the receiving mail server answered.',
    effect: 'We stop trying, and an administrator sees the e-mail among the failed ones and may send it again.',
    lasts: 'Failed e-mails are kept 90 days.',
    askAPerson: 'If you expected an e-mail from us and did not receive it, e-mail us.',
  },
  DATA_EXPORT: {
    title: 'The archive of your data',
    trigger: 'Asking for your data on the "Download my data" page, with your password (and two-step code).',
    reads: 'Everything we hold about you and your business, except secrets such as your password\'s hash.',
    effect:
      'An archive is built and you are e-mailed a link that downloads it once, while you are logged in. While one is being prepared or waits to be downloaded, asking again makes no second one; at most 5 can be made in a day.',
    lasts: 'The link works for 24 hours; the archive is deleted when it is downloaded, or after those 24 hours.',
    askAPerson: 'If the archive does not arrive, or something is missing from it, e-mail us.',
    screen: { label: 'Download my data', path: '/account/data' },
  },
  ACCOUNT_DELETION: {
    title: 'Deleting your account',
    trigger: 'Asking on the "Delete my account" page, with your password (and two-step code), for your account to be deleted.',
    reads: 'Your account, your business, and the reviews, enquiries, reports and records that name you.',
    effect:
      'Your account closes at once: you are logged out everywhere, your business leaves the directory and logging in is refused. After 14 days a job deletes your account and your business with its pictures, addresses and social media. Reviews you wrote stay as "Former customer", and one that is reported is held for a moderator; businesses keep the conversations of your enquiries, with you as "Former user"; our records keep a one-way hash instead of your address.',
    lasts: 'For good once the 14 days are over; until then the link we e-mail you keeps your account.',
    askAPerson: 'Open the "Keep my account" link in the e-mail within 14 days, or e-mail us before then.',
    screen: { label: 'Delete my account', path: '/account/delete' },
  },
};

/** The decision behind each reason a review is held: a new reason needs its entry (or a new one) above. */
export const REVIEW_HOLD_DECISIONS: Readonly<Record<ReviewHoldReason, AutomatedDecisionKind>> = {
  LINK: 'REVIEW_HELD_FOR_WORDS',
  CONTACT_DETAILS: 'REVIEW_HELD_FOR_WORDS',
  PROFANITY: 'REVIEW_HELD_FOR_WORDS',
  BURST: 'REVIEW_HELD_FOR_BURST',
  OWNER_NETWORK: 'REVIEW_HELD_FOR_OWNER_NETWORK',
  REVIEWER_LEFT: 'ACCOUNT_DELETION',
};

export const REVIEW_FLAG_DECISIONS: Readonly<Record<ReviewFlag, AutomatedDecisionKind>> = {
  SAME_NETWORK: 'REVIEW_FLAGGED',
  NEW_ACCOUNT: 'REVIEW_FLAGGED',
  SAME_TEXT: 'REVIEW_FLAGGED',
};
