import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { TradeAdminRow } from '@churchtrades/shared/trade-admin';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { paths } from '../../../../config/paths';
import { successMessage } from '../../../../lib/api-error';
import { type TradeAdminToggle, useToggleTradeAdminMutation } from '../api/trades-admin-api';
import { ModerationStatusBadge } from './moderation-status-badge';

/** How a row tells the page about its switches: a change starts (the last refusal goes), or is refused. */
export interface ToggleFeedback {
  started: () => void;
  refused: (error: FetchBaseQueryError | SerializedError) => void;
}

interface TradesTableProps {
  trades: TradeAdminRow[];
  feedback: ToggleFeedback;
}

/** One page of businesses; each name opens the business as its moderators see it. */
export function TradesTable({ trades, feedback }: TradesTableProps) {
  return (
    <Table responsive hover size="sm" className="align-middle">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Church</th>
          <th scope="col">State</th>
          <th scope="col">Owner</th>
          <th scope="col">Status</th>
          <th scope="col">Listed</th>
          <th scope="col">Enabled</th>
          <th scope="col">Locked</th>
          <th scope="col">Expired</th>
        </tr>
      </thead>
      <tbody>
        {trades.map((trade) => (
          <TradeRow key={trade.id} trade={trade} feedback={feedback} />
        ))}
      </tbody>
    </Table>
  );
}

const SWITCHES: readonly { toggle: TradeAdminToggle; label: string; isOn: (trade: TradeAdminRow) => boolean }[] = [
  { toggle: 'LOCKED', label: 'Locked', isOn: (trade) => trade.locked },
  { toggle: 'EXPIRED', label: 'Expired', isOn: (trade) => trade.expired },
];

function TradeRow({ trade, feedback }: { trade: TradeAdminRow; feedback: ToggleFeedback }) {
  const [toggleTrade, { isLoading }] = useToggleTradeAdminMutation();

  async function flip(toggle: TradeAdminToggle) {
    feedback.started();
    const result = await toggleTrade({ toggle, tradeId: trade.id });
    if (result.error) feedback.refused(result.error);
    else toast.success(successMessage(result.data.message, MESSAGES.settingsUpdated));
  }

  return (
    <tr>
      <th scope="row" className="fw-normal">
        <Link to={paths.moderationTrade.getHref(trade.id)}>{trade.name}</Link>
      </th>
      <td className="small">{trade.churchName}</td>
      <td className="small">{trade.stateType}</td>
      <td className="small text-break">
        {trade.ownerName}
        <span className="d-block text-body-secondary">{trade.ownerEmail}</span>
      </td>
      <td>
        <ModerationStatusBadge status={trade.status} />
      </td>
      <td>{trade.listed ? 'Yes' : 'No'}</td>
      <td>{trade.enabled ? 'Yes' : 'No'}</td>
      {SWITCHES.map(({ toggle, label, isOn }) => (
        <td key={toggle}>
          <Form.Check
            type="switch"
            role="switch"
            id={`trade-${toggle.toLowerCase()}-${trade.id}`}
            aria-label={`${label}: ${trade.name}`}
            checked={isOn(trade)}
            // One change at a time: each flips the value the server holds, so two quick clicks must not cross.
            disabled={isLoading}
            onChange={() => void flip(toggle)}
          />
        </td>
      ))}
    </tr>
  );
}
