import type { ChurchAdmin } from '@churchtrades/shared/church-admin';
import { STATE_NAMES, type RealState } from '@churchtrades/shared/states';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router';
import { paths } from '../../../../config/paths';
import { getErrorMessage } from '../../../../lib/api-error';
import { useManagedChurchQuery } from '../api/church-admin-api';
import { AddMemberForm } from './add-member-form';
import { ChurchImages } from './church-images';
import { ChurchMembers } from './church-members';
import { ChurchSwitch } from './church-switch';
import { EditChurchForm } from './edit-church-form';

/** /admin/churches/{id}: one church's details, pictures, switches, priests and moderators. */
export function ChurchPage() {
  const { id = '' } = useParams();
  const { data: church, error, isError } = useManagedChurchQuery(id);

  return (
    <>
      <title>{`${church?.name ?? 'Church'} · Administration · ChurchTrades`}</title>
      <p className="mb-2">
        <Link to={paths.adminChurches.getHref()}>‹ All churches</Link>
      </p>
      {isError ? (
        <Alert variant="danger">{getErrorMessage(error)}</Alert>
      ) : church ? (
        <ChurchAdministration church={church} />
      ) : (
        <p role="status">Loading...</p>
      )}
    </>
  );
}

function ChurchAdministration({ church }: { church: ChurchAdmin }) {
  return (
    <div className="d-flex flex-column gap-4">
      <header>
        <h2 className="h4 mb-1 text-break">{church.name}</h2>
        <p className="text-body-secondary mb-2">
          {[church.suburb, STATE_NAMES[church.stateType as RealState] ?? church.stateType].filter(Boolean).join(', ')}
          {' · '}
          {church.tradeCount} businesses, {church.pendingCount} pending
        </p>
        <div className="d-flex gap-4">
          <ChurchSwitch church={church} toggle="ENABLED" />
          <ChurchSwitch church={church} toggle="MODERATED" />
        </div>
      </header>
      <Row className="g-4">
        <Col lg={8}>
          <EditChurchForm key={church.churchId} church={church} />
        </Col>
        <Col lg={4}>
          <ChurchImages church={church} />
        </Col>
      </Row>
      <Row className="g-4">
        <Col md={6}>
          <ChurchMembers churchId={church.churchId} churchRole="PRIEST" />
        </Col>
        <Col md={6}>
          <ChurchMembers churchId={church.churchId} churchRole="MODERATOR" />
        </Col>
      </Row>
      <AddMemberForm churchId={church.churchId} />
    </div>
  );
}
