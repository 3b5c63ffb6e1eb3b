import type { FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import { useModerationTradesQuery } from '../api/moderation-api';
import type { ModerationFilterControls } from '../hooks/use-moderation-filter';
import { moderationTradesParams } from '../moderation-filter';
import { ChurchFilterSelect, StateFilterSelect, StatusFilterSelect } from './filter-selects';
import { ModerationTradeList } from './moderation-trade-list';

interface AllBusinessesProps extends ModerationFilterControls {
  /** A priest's list is their church's: there is no other church or state to choose. */
  oneChurch: boolean;
}

/** "All businesses": every business of the churches the caller may see, in any status, found by name. */
export function AllBusinesses({ filter, changeFilter, hrefForPage, oneChurch }: AllBusinessesProps) {
  const { currentData, error, isFetching, refetch } = useModerationTradesQuery(moderationTradesParams(filter));

  function searchByName(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    changeFilter({ name: String(new FormData(event.currentTarget).get('name') ?? '') });
  }

  return (
    <section aria-labelledby="all-businesses-heading">
      <h2 id="all-businesses-heading" className="h4 mb-3">
        All businesses
      </h2>
      {oneChurch && (
        <p className="text-body-secondary">The businesses of your church, to read. A moderator decides on them.</p>
      )}
      <Row className="g-3 align-items-end mb-4">
        <Col md={oneChurch ? 8 : 4}>
          <Form role="search" aria-label="Businesses by name" onSubmit={searchByName}>
            <Form.Label htmlFor="moderation-name" className="small mb-1">
              Name
            </Form.Label>
            <InputGroup size="sm">
              {/* Keyed by the name searched, so Back to another search shows that search's name. */}
              <Form.Control
                id="moderation-name"
                key={filter.name}
                name="name"
                type="search"
                defaultValue={filter.name}
              />
              <Button type="submit" variant="primary">
                Search
              </Button>
            </InputGroup>
          </Form>
        </Col>
        <Col sm={oneChurch ? 12 : 4} md={oneChurch ? 4 : 2}>
          <StatusFilterSelect status={filter.status} onChange={(status) => changeFilter({ status })} />
        </Col>
        <Col xs={12} className="order-last">
          <Form.Check
            type="switch"
            id="moderation-about-to-expire"
            label="About to expire: asked whether still trading, no answer yet"
            checked={filter.aboutToExpire}
            onChange={(event) => changeFilter({ aboutToExpire: event.currentTarget.checked })}
          />
        </Col>
        {!oneChurch && (
          <>
            <Col sm={4} md={2}>
              <StateFilterSelect state={filter.state} onChange={(state) => changeFilter({ state })} />
            </Col>
            <Col sm={4} md={4}>
              <ChurchFilterSelect
                state={filter.state}
                churchId={filter.churchId}
                onChange={(churchId) => changeFilter({ churchId })}
              />
            </Col>
          </>
        )}
      </Row>
      <ModerationTradeList
        page={currentData}
        error={error}
        isFetching={isFetching}
        onRetry={() => void refetch()}
        emptyText="No business matches."
        hrefForPage={hrefForPage}
        label="All businesses"
      />
    </section>
  );
}
