import { STARS } from '@churchtrades/shared/rating';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import './stars-field.css';

interface StarsFieldProps {
  /** `register('stars')`. */
  registration: UseFormRegisterReturn;
  /** The stars chosen so far, or null. */
  chosen: number | null;
  error?: { message?: string };
}

/**
 * "Your stars": five radio buttons drawn as stars. Being radio buttons, Tab reaches the group once and the arrow
 * keys choose, as in any radio group; each star is read as "3 stars".
 */
export function StarsField({ registration, chosen, error }: StarsFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;

  return (
    <fieldset
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      className="mb-3"
    >
      <legend id={`${id}-legend`} className="form-label fs-6 mb-1">
        Your stars
      </legend>
      <div className="d-flex align-items-center gap-3">
        <div className="star-choice">
          {STARS.map((stars) => (
            <span key={stars}>
              <input id={`${id}-${stars}`} type="radio" value={String(stars)} className="star-choice-input" {...registration} />
              <label htmlFor={`${id}-${stars}`} className={chosen !== null && stars <= chosen ? 'star-choice-on' : undefined}>
                <span aria-hidden="true">★</span>
                <span className="visually-hidden">{stars === 1 ? '1 star' : `${stars} stars`}</span>
              </label>
            </span>
          ))}
        </div>
        <span className="text-body-secondary" aria-hidden="true">
          {chosen === null ? 'None chosen' : `${chosen} out of 5`}
        </span>
      </div>
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error.message}
        </div>
      )}
    </fieldset>
  );
}
