import { skipToken } from '@reduxjs/toolkit/query/react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import { useMainCategoriesQuery, useSubCategoriesQuery } from '../../../lib/categories-api';
import type { FilterChange } from '../search-filter';

interface CategorySelectsProps {
  category: number | null;
  subCategory: number | null;
  onChange: (change: FilterChange) => void;
}

/** The option value '' is "none chosen". */
function readOption(value: string): number | null {
  return value === '' ? null : Number(value);
}

/** Category, then Specifics: the sub categories of the chosen category, unavailable until one is chosen. */
export function CategorySelects({ category, subCategory, onChange }: CategorySelectsProps) {
  const { data: mains } = useMainCategoriesQuery();
  // currentData: while another category's list loads, the previous one's must not be offered.
  const { currentData: subs } = useSubCategoriesQuery(category ?? skipToken);

  return (
    <>
      <Col md={4}>
        <Form.Group controlId="search-category">
          <Form.Label visuallyHidden>Category</Form.Label>
          <Form.Select
            value={category ?? ''}
            onChange={(event) => onChange({ category: readOption(event.target.value) })}
          >
            <option value="">Category</option>
            {mains?.map((main) => (
              <option key={main.id} value={main.id}>
                {main.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Col>
      <Col md={4}>
        <Form.Group controlId="search-sub-category">
          <Form.Label visuallyHidden>Specifics</Form.Label>
          <Form.Select
            value={subCategory ?? ''}
            disabled={category === null}
            onChange={(event) => onChange({ subCategory: readOption(event.target.value) })}
          >
            <option value="">Specifics</option>
            {subs?.map((sub) => (
              <option key={sub.id} value={sub.id}>
                {sub.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Col>
    </>
  );
}
