import { HONEYPOT_FIELD } from '@churchtrades/shared/honeypot';
import { useId } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import './honeypot-field.css';

/**
 * The field people leave empty and form-filling robots fill (honeypot.ts). The form's shared schema refuses
 * anything in it, here and on the server (which a robot posting directly meets). Left empty, it is sent as
 * nothing at all, so a person's form carries only what they typed.
 */
export function HoneypotField<Values extends FieldValues & { [HONEYPOT_FIELD]?: string }>({
  register,
}: {
  register: UseFormRegister<Values>;
}) {
  const id = useId();
  return (
    <div className="honeypot-field" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        {...register(HONEYPOT_FIELD as Path<Values>, {
          setValueAs: (value: string) => (value === '' ? undefined : value),
        })}
      />
    </div>
  );
}


/**
 * `handleSubmit`'s second argument for a form with a honeypot: the field is hidden, so when the schema refuses
 * what was put in it, the form's alert says the form was refused rather than nothing happening.
 */
export function refuseFilledHoneypot(showRefusal: (message: string) => void) {
  return (errors: FieldErrors) => {
    const refusal = errors[HONEYPOT_FIELD]?.message;
    if (typeof refusal === 'string') showRefusal(refusal);
  };
}
