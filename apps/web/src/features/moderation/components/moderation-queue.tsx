import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useModerationQueueQuery } from '../api/moderation-api';
import type { ModerationFilterControls } from '../hooks/use-moderation-filter';
import { moderationQueueParams } from '../moderation-filter';
import { ChurchCounts } from './church-counts';
import { StateFilterSelect } from './filter-selects';
import { ModerationTradeList } from './moderation-trade-list';

/**
 * "Queue": the businesses waiting for a moderator (new or resubmitted, and listed ones whose owner changed
 * them), oldest first, beside the churches the caller moderates with how many wait at each.
 */
export function ModerationQueue({ filter, changeFilter, hrefFor, hrefForPage }: ModerationFilterControls) {
  // currentData, not data: while another church's queue loads, this one's must not stand in for it.
  const { data, currentData, error, isFetching, refetch } = useModerationQueueQuery(moderationQueueParams(filter));

  return (
    <section aria-labelledby="queue-heading">
      <h2 id="queue-heading" className="h4 mb-3">
        Queue
      </h2>
      <Row className="g-4">
        <Col md={4} lg={3} className="d-flex flex-column gap-3">
          <StateFilterSelect state={filter.state} onChange={(state) => changeFilter({ state })} />
          {/* The previous answer's churches stay while the next loads, so the side list does not flicker. */}
          {data && (
            <ChurchCounts
              churches={data.churches}
              chosen={filter.churchId}
              hrefFor={(churchId) => hrefFor({ churchId })}
            />
          )}
        </Col>
        <Col md={8} lg={9}>
          <ModerationTradeList
            page={currentData?.trades}
            error={error}
            isFetching={isFetching}
            onRetry={() => void refetch()}
            emptyText="No business is waiting for a decision."
            hrefForPage={hrefForPage}
            label="Queue"
          />
        </Col>
      </Row>
    </section>
  );
}
