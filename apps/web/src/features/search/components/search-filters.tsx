import { SEARCH_TEXT_MAX_LENGTH } from '@churchtrades/shared/constants';
import type { StateFilter } from '@churchtrades/shared/states';
import { type FormEvent, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useSearchTextDraft } from '../hooks/use-search-text-draft';
import { type FilterChange, type SearchFilter } from '../search-filter';
import { CategorySelects } from './category-selects';
import { ChurchSelect } from './church-select';
import { StateButtons } from './state-buttons';

interface SearchFiltersProps {
  filter: SearchFilter;
  onChange: (change: FilterChange) => void;
  onTextChange: (text: string) => void;
}

/**
 * The search box, state buttons, the Category, Specifics and Church selects (SPEC §2 "Search page"),
 * "Verified only": businesses with a badge that holds now, and "4 stars and up": businesses whose rating shows
 * at least 4 stars.
 */
export function SearchFilters({ filter, onChange, onTextChange }: SearchFiltersProps) {
  const { draft, setDraft, flush, take } = useSearchTextDraft(filter.text, onTextChange);

  // A choice made while a word is still being typed searches for that word too: what the box shows is searched.
  function choose(change: FilterChange) {
    onChange({ text: take(), ...change });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    flush();
  }

  return (
    <Form role="search" aria-label="Search filters" className="mb-4" onSubmit={submit}>
      <Row className="g-2 align-items-center">
        <Col lg={5}>
          <Form.Group controlId="search-text">
            <Form.Label visuallyHidden>Search businesses</Form.Label>
            <Form.Control
              type="search"
              placeholder="Search businesses"
              autoComplete="off"
              enterKeyHint="search"
              maxLength={SEARCH_TEXT_MAX_LENGTH}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
          </Form.Group>
        </Col>
        <Col lg={7}>
          <StateButtons state={filter.state} onChange={(state: StateFilter) => choose({ state })} />
        </Col>
        <CategorySelects category={filter.category} subCategory={filter.subCategory} onChange={choose} />
        <Col md={4}>
          <ChurchSelect state={filter.state} churchId={filter.churchId} onChange={(churchId) => choose({ churchId })} />
        </Col>
        <Col md={12} className="d-flex flex-wrap column-gap-4">
          <FilterCheckbox
            id="search-verified"
            label="Verified only"
            checked={filter.verified}
            onChange={(verified) => choose({ verified })}
          />
          <FilterCheckbox
            id="search-min-rating"
            label="4 stars and up"
            checked={filter.minRating !== null}
            onChange={(ticked) => choose({ minRating: ticked ? 4 : null })}
          />
        </Col>
      </Row>
    </Form>
  );
}

/**
 * Ticked the moment it is clicked: the search it asks for arrives in a transition, and a box that waited for the
 * address to change would show unticked until then.
 */
function FilterCheckbox({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const [ticked, setTicked] = useState(checked);
  const [asked, setAsked] = useState(checked);
  // The address changed otherwise (Back, a reset): show what it says.
  if (asked !== checked) {
    setAsked(checked);
    setTicked(checked);
  }

  return (
    <Form.Check
      id={id}
      type="checkbox"
      label={label}
      checked={ticked}
      onChange={(event) => {
        setTicked(event.target.checked);
        onChange(event.target.checked);
      }}
    />
  );
}
