import { ENQUIRY_FOLDERS, type EnquiryFolder, type ReceivedEnquiries } from '@churchtrades/shared/enquiries';
import Card from 'react-bootstrap/Card';
import Nav from 'react-bootstrap/Nav';
import Table from 'react-bootstrap/Table';
import { Link, useSearchParams } from 'react-router';
import { Pager } from '../../../components/pager/pager';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { paths } from '../../../config/paths';
import { LoadingOrFailed } from '../components/loading-or-failed';
import { useTradeDashboard } from '../components/trade-layout';
import { useReceivedEnquiriesQuery } from './enquiries-api';
import { ENQUIRIES_PAGE_SIZE, FOLDER_NAMES, folderSearch, readFolderLink } from './folders';

const DATE_TIME = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /trade/enquiries: the questions visitors sent the business, in the folders New, Answered, Archived and Spam;
 * unread ones are bold. The folder and page are in the URL, so Back returns to them.
 */
export function EnquiriesPage() {
  const { readOnly } = useTradeDashboard();
  const [params] = useSearchParams();
  const { folder, page } = readFolderLink(params);
  const { data, error, isError, refetch } = useReceivedEnquiriesQuery({
    folder,
    page,
    size: ENQUIRIES_PAGE_SIZE,
  });

  return (
    <Card>
      <title>Enquiries · My Business · ChurchTrades</title>
      <Card.Body>
        <h2 className="h4 mb-3">Enquiries</h2>
        {readOnly && <ReadOnlyNote />}
        {data && <FolderTabs counts={data.counts} current={folder} />}
        {isError || !data ? (
          <LoadingOrFailed isError={isError} error={error} retry={refetch} />
        ) : (
          <FolderPage enquiries={data.enquiries} folder={folder} />
        )}
      </Card.Body>
    </Card>
  );
}

function FolderTabs({ counts, current }: { counts: ReceivedEnquiries['counts']; current: EnquiryFolder }) {
  return (
    <nav aria-label="Enquiry folders">
      <Nav variant="tabs" className="mb-3" as="ul">
        {ENQUIRY_FOLDERS.map((folder) => {
          const { total, unread } = counts[folder];
          return (
            <Nav.Item as="li" key={folder}>
              <Nav.Link
                as={Link}
                to={paths.tradeEnquiries.getHref(folderSearch(folder))}
                active={folder === current}
                aria-current={folder === current ? 'page' : undefined}
              >
                <span className={unread > 0 ? 'fw-bold' : undefined}>{FOLDER_NAMES[folder]}</span>{' '}
                <span className="badge text-bg-secondary">{total}</span>{' '}
                <span className="visually-hidden">
                  {total === 1 ? 'enquiry' : 'enquiries'}
                  {unread > 0 && `, ${unread} unread`}
                </span>
              </Nav.Link>
            </Nav.Item>
          );
        })}
      </Nav>
    </nav>
  );
}

function FolderPage({ enquiries, folder }: { enquiries: ReceivedEnquiries['enquiries']; folder: EnquiryFolder }) {
  if (enquiries.content.length === 0) {
    return <p className="text-body-secondary">There are no enquiries in {FOLDER_NAMES[folder]}.</p>;
  }
  return (
    <>
      <Table responsive hover className="align-middle">
        <caption className="visually-hidden">Enquiries in {FOLDER_NAMES[folder]}</caption>
        <thead>
          <tr>
            <th scope="col">From</th>
            <th scope="col">Suburb</th>
            <th scope="col">Message</th>
            <th scope="col">Last message</th>
          </tr>
        </thead>
        <tbody>
          {enquiries.content.map((enquiry) => (
            <tr key={enquiry.id} className={enquiry.read ? undefined : 'fw-bold'}>
              <td>
                <Link to={paths.tradeEnquiry.getHref(enquiry.id)}>
                  {!enquiry.read && <span className="visually-hidden">Unread:</span>} {enquiry.senderName}
                </Link>
              </td>
              <td>{enquiry.suburb}</td>
              <td className="text-break">{enquiry.preview}</td>
              <td className="text-nowrap">
                <time dateTime={enquiry.lastMessageAt}>{DATE_TIME.format(new Date(enquiry.lastMessageAt))}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Pager
        page={enquiries.number}
        totalPages={enquiries.totalPages}
        hrefFor={(page) => paths.tradeEnquiries.getHref(folderSearch(folder, page))}
        label="Enquiry pages"
      />
    </>
  );
}
