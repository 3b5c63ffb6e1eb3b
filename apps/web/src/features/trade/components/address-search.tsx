import { ADDRESS_LOOKUP_MIN_LENGTH, type AddressSuggestion } from '@churchtrades/shared/address-lookup';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { type KeyboardEvent, useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useAddressSuggestionsQuery } from '../api/address-api';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import './address-search.css';

/** How long typing must pause before the lookup is asked: one request per pause, not one per key. */
export const ADDRESS_LOOKUP_PAUSE_MS = 300;

interface AddressSearchProps {
  text: string;
  onTextChange: (text: string) => void;
  onChoose: (suggestion: AddressSuggestion) => void;
  disabled: boolean;
}

/**
 * 'Search address here ....': addresses of the national address file matching what is typed, in a list to
 * choose from with the mouse or the keyboard (arrows, Enter; Escape closes it), as an ARIA combobox.
 */
export function AddressSearch({ text, onTextChange, onChoose, disabled }: AddressSearchProps) {
  const inputId = useId();
  const listId = `${inputId}-suggestions`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useDebouncedValue(text.trim(), ADDRESS_LOOKUP_PAUSE_MS);
  const searching = open && typed.length >= ADDRESS_LOOKUP_MIN_LENGTH;
  const {
    currentData: suggestions = [],
    isFetching,
    isError,
  } = useAddressSuggestionsQuery(searching ? typed : skipToken);
  const shown = searching && suggestions.length > 0;
  const activeIndex = shown && active < suggestions.length ? active : -1;

  function choose(suggestion: AddressSuggestion) {
    onChoose(suggestion);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (shown) setActive((activeIndex + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (shown) setActive(activeIndex <= 0 ? count - 1 : activeIndex - 1);
        break;
      case 'Enter': {
        const suggestion = suggestions[activeIndex];
        if (shown && suggestion) {
          event.preventDefault();
          choose(suggestion);
        }
        break;
      }
      case 'Escape':
        setOpen(false);
        setActive(-1);
        break;
    }
  }

  return (
    <Form.Group className="position-relative mb-4" controlId={inputId}>
      <Form.Label visuallyHidden>Search address</Form.Label>
      <Form.Control
        type="text"
        role="combobox"
        autoComplete="off"
        placeholder="Search address here ...."
        value={text}
        disabled={disabled}
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
        onChange={(event) => {
          onTextChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Matching addresses"
        hidden={!shown}
        className="address-suggestions list-group position-absolute w-100 shadow z-3 mt-1"
      >
        {shown &&
          suggestions.map((suggestion, index) => (
            <li
              key={suggestion.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className={`list-group-item list-group-item-action${index === activeIndex ? ' active' : ''}`}
              // Keeps the focus in the search box, whose blur would close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion)}
            >
              {suggestion.fullAddress}
            </li>
          ))}
      </ul>
      {searching && !isFetching && (isError || suggestions.length === 0) && (
        <Form.Text className="d-block">
          {isError
            ? 'The address search is not answering right now. Fill in the fields below yourself.'
            : 'No address matches. Type more of it, or fill in the fields below yourself.'}
        </Form.Text>
      )}
    </Form.Group>
  );
}
