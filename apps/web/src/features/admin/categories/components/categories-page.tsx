import type { ManagedCategory } from '@churchtrades/shared/category-admin';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { getErrorMessage } from '../../../../lib/api-error';
import { MAIN_PARENT_ID, useManagedCategoriesQuery } from '../api/category-admin-api';
import { CategoryItem } from './category-item';
import { NewCategoryForm } from './new-category-form';

/**
 * /admin/categories: the main categories in their order, each with its sub categories, how many businesses
 * use each, and their tags; with forms to create, edit, delete and reorder them.
 */
export function CategoriesPage() {
  const { data: categories, error, isError } = useManagedCategoriesQuery();

  return (
    <div className="d-flex flex-column gap-4">
      <title>Categories · Administration · ChurchTrades</title>
      <h2 className="h4 mb-0">Categories</h2>
      <Card as="section" aria-labelledby="new-main-category-heading">
        <Card.Body>
          <h3 id="new-main-category-heading" className="h5 mb-3">
            New main category
          </h3>
          <NewCategoryForm parentId={MAIN_PARENT_ID} title="Create main category" />
        </Card.Body>
      </Card>
      {isError ? (
        <Alert variant="danger">{getErrorMessage(error)}</Alert>
      ) : !categories ? (
        <p role="status">Loading...</p>
      ) : categories.length === 0 ? (
        <Alert variant="info">No categories yet.</Alert>
      ) : (
        categories.map((main) => (
          <MainCategoryCard key={main.id} main={main} mainIds={categories.map(({ id }) => id)} />
        ))
      )}
    </div>
  );
}

function MainCategoryCard({ main, mainIds }: { main: ManagedCategory; mainIds: number[] }) {
  const headingId = `main-category-${main.id}`;
  const subIds = main.subCategories.map(({ id }) => id);
  return (
    <Card as="section" aria-labelledby={headingId}>
      {/* On the header's default grey, the outline buttons' blue and red fall short of 4.5:1 contrast. */}
      <Card.Header className="d-flex bg-body">
        <CategoryItem
          category={main}
          siblingIds={mainIds}
          renderName={(name) => (
            <h3 id={headingId} className="h5 mb-0 text-break">
              {name}
            </h3>
          )}
        />
      </Card.Header>
      <Card.Body>
        {main.subCategories.length === 0 ? (
          <p className="text-body-secondary">No sub categories yet.</p>
        ) : (
          <ListGroup as="ul" className="mb-3" aria-label={`Sub categories of ${main.name}`}>
            {main.subCategories.map((sub) => (
              <ListGroup.Item as="li" key={sub.id} className="d-flex">
                <CategoryItem
                  category={sub}
                  siblingIds={subIds}
                  renderName={(name) => <span className="text-break">{name}</span>}
                />
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
        <NewCategoryForm parentId={main.id} title={`Create sub category of ${main.name}`} />
      </Card.Body>
    </Card>
  );
}
