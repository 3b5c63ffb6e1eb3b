import { MESSAGES } from '@churchtrades/shared/messages';
import { REFUSED_REVIEW_RELATIONS, REVIEW_RELATION_LABELS, REVIEW_RELATIONS, type ReviewRelation } from '@churchtrades/shared/reviews';
import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface RelationFieldProps {
  /** `register('relation')`. */
  registration: UseFormRegisterReturn;
  chosen: ReviewRelation | undefined;
  error?: FieldError;
}

/** Whether a relation chosen rules the review out: family and employees may not review. */
export function isRefusedRelation(relation: ReviewRelation | undefined): boolean {
  return relation !== undefined && REFUSED_REVIEW_RELATIONS.includes(relation);
}

/**
 * "How do you know this business?", every answer offered, so that a family member or an employee learns at once,
 * and why, that they cannot review it.
 */
export function RelationField({ registration, chosen, error }: RelationFieldProps) {
  const id = useId();
  const refused = isRefusedRelation(chosen);
  // The refusal is said in a live region, so a screen reader hears it the moment the answer is chosen.
  const describedBy = [`${id}-refusal`, error && !refused ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <fieldset className="mb-3" aria-describedby={describedBy}>
      <legend className="form-label fs-6 mb-1">How do you know this business?</legend>
      {REVIEW_RELATIONS.map((relation) => (
        <Form.Check
          key={relation}
          id={`${id}-${relation}`}
          type="radio"
          value={relation}
          label={REVIEW_RELATION_LABELS[relation]}
          isInvalid={error !== undefined && !refused}
          {...registration}
        />
      ))}
      <div id={`${id}-refusal`} aria-live="polite">
        {refused && <div className="alert alert-warning mt-2 mb-0">{MESSAGES.reviewRelationRefused}</div>}
      </div>
      {error && !refused && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error.message}
        </div>
      )}
    </fieldset>
  );
}
