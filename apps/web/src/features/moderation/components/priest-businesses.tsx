import { MESSAGES } from '@churchtrades/shared/messages';
import type { ListingState, PriestTrade } from '@churchtrades/shared/trade-dashboard';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { paths } from '../../../config/paths';
import { getErrorMessage, successMessage } from '../../../lib/api-error';
import { useDetachPriestMutation, usePriestTradesQuery } from '../api/priest-api';
import { LoadFailed, Loading } from './moderation-access';

const LISTING_STATE_NAMES: Readonly<Record<ListingState, string>> = {
  PENDING: 'Pending approval',
  LISTED: 'Listed',
  REJECTED: 'Rejected',
  UNLISTED: 'Unlisted',
  HIDDEN: 'Not listed',
};

/**
 * SPEC §1 "optionally a priest": the businesses that name the signed-in priest, each with a way to take their
 * name off it. A priest always sees the section; anyone else only while a business names them.
 */
export function PriestBusinesses({ isPriest }: { isPriest: boolean }) {
  const { data: trades, error, isError, refetch } = usePriestTradesQuery();
  if (!isPriest && (trades?.length ?? 0) === 0) return null;

  let content;
  if (isError) content = <LoadFailed error={error} onRetry={() => void refetch()} />;
  else if (!trades) content = <Loading />;
  else if (trades.length === 0) content = <p className="text-body-secondary">No business names you as its priest.</p>;
  else content = <PriestTradesTable trades={trades} />;

  return (
    <section aria-labelledby="priest-businesses-heading" className="mb-5">
      <h2 id="priest-businesses-heading" className="h4 mb-3">
        Businesses naming you as their priest
      </h2>
      {content}
    </section>
  );
}

function PriestTradesTable({ trades }: { trades: PriestTrade[] }) {
  const [detach, { isLoading, originalArgs }] = useDetachPriestMutation();

  async function takeNameOff(trade: PriestTrade) {
    const result = await detach(trade.id);
    if (result.error) toast.error(getErrorMessage(result.error));
    else toast.success(successMessage(result.data.message, MESSAGES.priestDetached));
  }

  return (
    <Table responsive size="sm" className="align-middle">
      <thead>
        <tr>
          <th scope="col">Business</th>
          <th scope="col">Church</th>
          <th scope="col">Owner</th>
          <th scope="col">Status</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {trades.map((trade) => (
          <tr key={trade.id}>
            <td>
              <Link to={paths.moderationTrade.getHref(trade.id)}>{trade.name}</Link>
            </td>
            <td>{trade.churchName}</td>
            <td>{trade.ownerName}</td>
            <td>{LISTING_STATE_NAMES[trade.listingState]}</td>
            <td className="text-end">
              <Button
                variant="outline-danger"
                size="sm"
                disabled={isLoading && originalArgs === trade.id}
                aria-label={`Take my name off ${trade.name}`}
                onClick={() => void takeNameOff(trade)}
              >
                Take my name off
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
