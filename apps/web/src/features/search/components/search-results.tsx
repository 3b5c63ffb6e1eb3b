import { MESSAGES } from '@churchtrades/shared/messages';
import type { TradePage } from '@churchtrades/shared/trade-search';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { To } from 'react-router';
import { AskBusinessCheckbox } from '../../../components/enquiry-choice/ask-business-checkbox';
import { EnquiryChoiceBar } from '../../../components/enquiry-choice/enquiry-choice-bar';
import { Pager } from '../../../components/pager/pager';
import { ResultsSummary } from './results-summary';
import { TradeCard } from '../../../components/trade-card/trade-card';

interface SearchResultsProps {
  page: TradePage;
  hrefForPage: (page: number) => To;
}

/**
 * One page of results: the count line, the cards (three a row on wide screens, one on phones), the pager, and the
 * businesses ticked to ask (kept while paging).
 */
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
                <TradeCard
                  trade={trade}
                  linkToPage
                  footer={<AskBusinessCheckbox business={{ id: trade.id, name: trade.name }} />}
                />
              </Col>
            ))}
          </Row>
        </>
      )}
      <Pager page={page.number} totalPages={page.totalPages} hrefFor={hrefForPage} label="Search results pages" />
      <EnquiryChoiceBar />
    </>
  );
}
