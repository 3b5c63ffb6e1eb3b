import type { Category } from '@churchtrades/shared/category';
import { MESSAGES } from '@churchtrades/shared/messages';
import { type ReactNode, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { toast } from 'react-toastify';
import { getErrorMessage, successMessage } from '../../../../lib/api-error';
import { useDeleteCategoryMutation, useReorderCategoriesMutation } from '../api/category-admin-api';
import { EditCategoryForm } from './edit-category-form';

interface CategoryItemProps {
  category: Category & { tradeCount: number };
  /** The ids of the category and its siblings, in their order: a move sends them rearranged. */
  siblingIds: number[];
  /** How the name shows: a heading for a main category, plain text for a sub category. */
  renderName: (name: string) => ReactNode;
}

/** The ids with the one at `index` swapped with its neighbour `step` (-1: up, 1: down) away. */
function moved(ids: number[], index: number, step: -1 | 1): number[] {
  const order = [...ids];
  [order[index], order[index + step]] = [order[index + step] as number, order[index] as number];
  return order;
}

/** One category: its name, tags and businesses, moved up or down, edited in place, or deleted after a check. */
export function CategoryItem({ category, siblingIds, renderName }: CategoryItemProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reorder, { isLoading: moving }] = useReorderCategoriesMutation();
  const index = siblingIds.indexOf(category.id);

  async function move(step: -1 | 1) {
    const result = await reorder({ parentId: category.parentId, ids: moved(siblingIds, index, step) });
    if (result.error) toast.error(getErrorMessage(result.error));
    else toast.success(successMessage(result.data, MESSAGES.categoriesReordered));
  }

  if (editing) return <EditCategoryForm category={category} onDone={() => setEditing(false)} />;
  return (
    <div className="flex-grow-1">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <div className="me-auto">
          {renderName(category.name)}
          <div className="small text-body-secondary text-break">
            {category.tags === '' ? 'No tags' : `Tags: ${category.tags}`}
          </div>
        </div>
        <Badge bg="secondary" pill>
          {category.tradeCount === 1 ? '1 business' : `${category.tradeCount} businesses`}
        </Badge>
        <div className="d-flex gap-1">
          <Button
            variant="outline-secondary"
            size="sm"
            aria-label={`Move ${category.name} up`}
            disabled={moving || index <= 0}
            onClick={() => void move(-1)}
          >
            ↑
          </Button>
          <Button
            variant="outline-secondary"
            size="sm"
            aria-label={`Move ${category.name} down`}
            disabled={moving || index === siblingIds.length - 1}
            onClick={() => void move(1)}
          >
            ↓
          </Button>
          <Button
            variant="outline-primary"
            size="sm"
            aria-label={`Edit ${category.name}`}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
          <Button
            variant="outline-danger"
            size="sm"
            aria-label={`Delete ${category.name}`}
            disabled={confirming}
            onClick={() => setConfirming(true)}
          >
            Delete
          </Button>
        </div>
      </div>
      {confirming && <DeleteCheck category={category} onClose={() => setConfirming(false)} />}
    </div>
  );
}

/** "Delete this category?": the server refuses while a business or a sub category uses it, and says why. */
function DeleteCheck({ category, onClose }: { category: Category; onClose: () => void }) {
  const [deleteCategory, { isLoading, error }] = useDeleteCategoryMutation();

  async function confirm() {
    const result = await deleteCategory({ id: category.id });
    if (result.error) return;
    toast.success(successMessage(result.data, MESSAGES.categoryDeleted));
    onClose();
  }

  return (
    <Alert variant={error ? 'danger' : 'warning'} className="mt-2 mb-0" role={error ? 'alert' : undefined}>
      <p className="mb-2">
        {error ? getErrorMessage(error) : `Delete the category “${category.name}”? This cannot be undone.`}
      </p>
      <div className="d-flex gap-2">
        {!error && (
          <Button variant="danger" size="sm" disabled={isLoading} onClick={() => void confirm()}>
            {isLoading ? 'Loading...' : `Yes, delete ${category.name}`}
          </Button>
        )}
        <Button variant="outline-secondary" size="sm" onClick={onClose}>
          {error ? 'Close' : 'Cancel'}
        </Button>
      </div>
    </Alert>
  );
}
