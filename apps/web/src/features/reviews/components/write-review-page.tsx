import { MESSAGES } from '@churchtrades/shared/messages';
import type { ReviewEligibility } from '@churchtrades/shared/reviews';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { LinkPageCard, LinkPageLoading } from '../../../components/link-page-card';
import { dayText } from '../../../components/trade-badges/badge-text';
import { paths } from '../../../config/paths';
import { getErrorMessage, successMessage } from '../../../lib/api-error';
import { cameFromState } from '../../../lib/came-from';
import { type ReviewProof, useReviewEligibilityQuery } from '../../../lib/review-eligibility-api';
import { useLoggedIn } from '../../../lib/use-logged-in';
import { useWriteReviewMutation } from '../api/reviews-api';
import { BusinessLink, OwnReviewView } from './own-review';
import { ReviewForm, type ReviewFields } from './review-form';
import { SavedAlert } from './saved-alert';
import './reviews.css';

const LOAD_FAILED_MESSAGE = 'This page could not be loaded. Please try again.';

/** `?enquiry=` (a logged-in sender's enquiry) or `?token=` (a conversation's private link): exactly one. */
function proofFrom(params: URLSearchParams): ReviewProof | null {
  const enquiryId = params.get('enquiry');
  const token = params.get('token');
  if (token && !enquiryId) return { token };
  if (enquiryId && !token) return { enquiryId };
  return null;
}

function titleOf(eligibility: ReviewEligibility | undefined): string {
  if (!eligibility) return 'Write a review';
  return eligibility.state === 'REVIEWED' ? `Your review of ${eligibility.tradeName}` : `Review ${eligibility.tradeName}`;
}

/**
 * /reviews/write: where a person who asked a business through the directory, and was answered, reviews it, reads
 * their review and, for 30 days, changes it. A logged-in sender comes with their enquiry (and is sent to log in
 * first when not); anyone else with the token of their conversation's private link, which the page tells no other
 * site, neither through links nor the referrer.
 */
export function WriteReviewPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const loggedIn = useLoggedIn();
  const proof = proofFrom(searchParams);
  const mustLogIn = proof !== null && 'enquiryId' in proof && !loggedIn;
  const { data, error, isError, isFetching } = useReviewEligibilityQuery(proof && !mustLogIn ? proof : skipToken);
  const [written, setWritten] = useState<string | null>(null);

  if (mustLogIn) return <Navigate to={paths.login.getHref()} state={cameFromState(location)} replace />;
  return (
    <LinkPageCard title={titleOf(data)}>
      <meta name="referrer" content="no-referrer" />
      {!proof ? (
        <Alert variant="warning">{MESSAGES.reviewProofRequired}</Alert>
      ) : data ? (
        <EligibilityView eligibility={data} proof={proof} written={written} onWritten={setWritten} />
      ) : isError && !isFetching ? (
        <Alert variant="warning">{getErrorMessage(error, LOAD_FAILED_MESSAGE)}</Alert>
      ) : (
        <LinkPageLoading />
      )}
    </LinkPageCard>
  );
}

interface EligibilityViewProps {
  eligibility: ReviewEligibility;
  proof: ReviewProof;
  /** What the server said of the review just written here. */
  written: string | null;
  onWritten: (message: string) => void;
}

function EligibilityView({ eligibility, proof, written, onWritten }: EligibilityViewProps) {
  switch (eligibility.state) {
    case 'ELIGIBLE':
      return <NewReview proof={proof} onWritten={onWritten} />;
    case 'TOO_SOON':
      return (
        <Alert variant="info">
          {eligibility.eligibleFrom
            ? `You can review ${eligibility.tradeName} from ${dayText(eligibility.eligibleFrom)}.`
            : MESSAGES.reviewTooSoon}
        </Alert>
      );
    case 'NOT_ANSWERED':
      return <Alert variant="info">{MESSAGES.reviewNotAnswered}</Alert>;
    case 'OWN_BUSINESS':
      return <Alert variant="warning">{MESSAGES.reviewOwnBusiness}</Alert>;
    case 'REVIEWED':
      return (
        <>
          {written && (
            <SavedAlert message={written}>
              <p className="mb-0">
                <BusinessLink eligibility={eligibility} />
              </p>
            </SavedAlert>
          )}
          {eligibility.review && <OwnReviewView eligibility={eligibility} review={eligibility.review} proof={proof} />}
        </>
      );
  }
}

function NewReview({ proof, onWritten }: { proof: ReviewProof; onWritten: (message: string) => void }) {
  const [write] = useWriteReviewMutation();

  async function send(fields: ReviewFields) {
    const result = await write({ proof, review: fields });
    if (result.error) return result.error;
    const { review, message } = result.data;
    onWritten(successMessage(message, review.status === 'HELD' ? MESSAGES.reviewHeld : MESSAGES.reviewPublished));
    return undefined;
  }

  return (
    <>
      <p>
        Tell others how the work went. Your review shows the name you gave in your enquiry, shortened: Jane Citizen
        shows as Jane C.
      </p>
      <ReviewForm submitLabel="Publish the review" onSend={send} />
    </>
  );
}
