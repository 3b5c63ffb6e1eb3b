import { MESSAGES } from '@churchtrades/shared/messages';
import type { TradePage } from '@churchtrades/shared/trade-search';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { To } from 'react-router';
import { Pager } from '../../../components/pager/pager';
import { ResultsSummary } from './results-summary';
import { TradeCard } from '../../../components/trade-card/trade-card';

interface SearchResultsProps {
  page: TradePage;
  hrefForPage: (page: number) => To;
}

/** One page of results: the count line, the cards (three a row on wide screens, one on phones), the pager. */
export function SearchResults({ page, hrefForPage }: SearchResultsProps) {
  return (
    <>
      {page.content.length === 0 ? (
        <Alert variant="info">{MESSAGES.noSearchResults}</Alert>
      ) : (
        <>
          <ResultsSummary page={page} />
          <Row xs={1} md={2} lg={3} className="g-4 mb-4">
            {page.content.map((trade) => (
              <Col key={trade.id}>
                <TradeCard trade={trade} linkToPage />
              </Col>
            ))}
          </Row>
        </>
      )}
      <Pager page={page.number} totalPages={page.totalPages} hrefFor={hrefForPage} label="Search results pages" />
    </>
  );
}
