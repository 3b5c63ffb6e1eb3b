import { USER_PAGE_SIZE } from '@churchtrades/shared/user-admin';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { PagedList } from '../../components/paged-list';
import { useQueryFilter } from '../../hooks/use-query-filter';
import { filterParams } from '../../query-filter';
import { useFilterUsersQuery } from '../api/users-api';
import { USER_FILTER_FIELDS } from '../user-filter';
import { UserFilters } from './user-filters';
import { UsersTable } from './users-table';

/** `/admin/users`: every user, filtered by name, state, church, role and account flags, a page at a time. */
export function UsersPage() {
  const { filter, page, changeFilter, hrefForPage } = useQueryFilter(USER_FILTER_FIELDS);
  const { currentData, error, isFetching, refetch } = useFilterUsersQuery(filterParams(filter, page, USER_PAGE_SIZE));

  return (
    <>
      <title>Users · Administration · ChurchTrades</title>
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h2 className="h4 mb-0">Users</h2>
        <Link className="btn btn-primary btn-sm" to={paths.adminNewMasterUser.getHref()}>
          Register a master user
        </Link>
      </div>
      <UserFilters filter={filter} onChange={changeFilter} />
      <PagedList
        page={currentData}
        error={error}
        isFetching={isFetching}
        refetch={() => void refetch()}
        noun="users"
        pagerLabel="Users pages"
        hrefForPage={hrefForPage}
      >
        {(users) => <UsersTable users={users} />}
      </PagedList>
    </>
  );
}
