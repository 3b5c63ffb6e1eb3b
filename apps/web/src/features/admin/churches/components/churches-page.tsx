import type { ChurchAdmin } from '@churchtrades/shared/church-admin';
import { REAL_STATES, STATE_FILTER_ALL, STATE_FILTER_VALUES, STATE_NAMES } from '@churchtrades/shared/states';
import type { Page } from '@churchtrades/shared/trade-search';
import type { FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../../config/paths';
import { SelectField } from '../../../../components/form/select-field';
import { TextField } from '../../../../components/form/text-field';
import { Pager } from '../../../../components/pager/pager';
import { getErrorMessage } from '../../../../lib/api-error';
import { type ChurchManageSearch, useManageChurchesQuery } from '../api/church-admin-api';
import { ChurchSwitch } from './church-switch';
import { RegisterChurchForm } from './register-church-form';

/** The search is kept in the address (?name=&stateType=&page=), so the pager's pages are links. */
function searchFrom(params: URLSearchParams): ChurchManageSearch {
  const state = params.get('stateType');
  const page = Number(params.get('page'));
  return {
    name: params.get('name') ?? '',
    stateType: STATE_FILTER_VALUES.find((value) => value === state) ?? STATE_FILTER_ALL,
    page: Number.isInteger(page) && page > 0 ? page : 0,
  };
}

function searchHref({ name, stateType, page }: ChurchManageSearch): string {
  const params = new URLSearchParams();
  if (name !== '') params.set('name', name);
  if (stateType !== STATE_FILTER_ALL) params.set('stateType', stateType);
  if (page > 0) params.set('page', String(page));
  const query = params.toString();
  return query === '' ? paths.adminChurches.getHref() : `${paths.adminChurches.getHref()}?${query}`;
}

/** /admin/churches: every church the user may manage (a governor: their state's), a page at a time. */
export function ChurchesPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const search = searchFrom(params);
  const { data: page, error, isError, isFetching } = useManageChurchesQuery(search);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    // A new search starts on its first page.
    const typed = new URLSearchParams({
      name: String(fields.get('name') ?? '').trim(),
      stateType: String(fields.get('stateType') ?? ''),
    });
    navigate(searchHref(searchFrom(typed)));
  }

  return (
    <div className="d-flex flex-column gap-4">
      <title>Churches · Administration · ChurchTrades</title>
      <section aria-labelledby="churches-heading">
        <h2 id="churches-heading" className="h4 mb-3">
          Churches
        </h2>
        {/* Keyed by the address so the fields show the search after a back or forward step. */}
        <Form key={params.toString()} role="search" aria-label="Search churches" onSubmit={submit} className="mb-3">
          <Row className="align-items-end g-2">
            <Col sm={6}>
              <TextField label="Name" name="name" defaultValue={search.name} className="mb-0" />
            </Col>
            <Col sm={4}>
              <SelectField label="State" name="stateType" defaultValue={search.stateType} className="mb-0">
                <option value={STATE_FILTER_ALL}>All states</option>
                {REAL_STATES.map((state) => (
                  <option key={state} value={state}>
                    {STATE_NAMES[state]}
                  </option>
                ))}
              </SelectField>
            </Col>
            <Col sm={2}>
              <Button type="submit" className="w-100">
                Search
              </Button>
            </Col>
          </Row>
        </Form>
        {isError ? (
          <Alert variant="danger">{getErrorMessage(error)}</Alert>
        ) : page ? (
          <ChurchesTable page={page} busy={isFetching} hrefFor={(number) => searchHref({ ...search, page: number })} />
        ) : (
          <p role="status">Loading...</p>
        )}
      </section>
      <RegisterChurchForm />
    </div>
  );
}

interface ChurchesTableProps {
  page: Page<ChurchAdmin>;
  busy: boolean;
  hrefFor: (page: number) => string;
}

function ChurchesTable({ page, busy, hrefFor }: ChurchesTableProps) {
  if (page.content.length === 0) return <Alert variant="info">No churches found.</Alert>;
  return (
    <>
      <Table responsive hover size="sm" aria-busy={busy} className="align-middle">
        <caption className="caption-top">
          {page.totalElements === 1 ? '1 church' : `${page.totalElements} churches`}
        </caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">State</th>
            <th scope="col">Suburb</th>
            <th scope="col">Businesses</th>
            <th scope="col">Pending</th>
            <th scope="col">Enabled</th>
            <th scope="col">Moderated</th>
          </tr>
        </thead>
        <tbody>
          {page.content.map((church) => (
            <tr key={church.churchId}>
              <th scope="row" className="fw-normal">
                <Link to={paths.adminChurch.getHref(church.churchId)}>{church.name}</Link>
              </th>
              <td>{church.stateType}</td>
              <td>{church.suburb ?? ''}</td>
              <td>{church.tradeCount}</td>
              <td>{church.pendingCount}</td>
              <td>
                <ChurchSwitch church={church} toggle="ENABLED" label={`Enabled: ${church.name}`} showName={false} />
              </td>
              <td>
                <ChurchSwitch church={church} toggle="MODERATED" label={`Moderated: ${church.name}`} showName={false} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Pager page={page.number} totalPages={page.totalPages} hrefFor={hrefFor} label="Churches pages" />
    </>
  );
}
