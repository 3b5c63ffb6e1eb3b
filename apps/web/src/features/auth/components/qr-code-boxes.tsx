import { QR_CODE_FIELDS, type TwoStepInput } from '@churchtrades/shared/auth';
import { QR_CODE_LENGTH } from '@churchtrades/shared/constants';
import { type ClipboardEvent, type KeyboardEvent, useId, useRef } from 'react';
import Form from 'react-bootstrap/Form';
import type { UseFormReturn } from 'react-hook-form';
import './qr-code-boxes.css';

const WHOLE_CODE = new RegExp(`^\\d{${QR_CODE_LENGTH}}$`);

/**
 * The six single-character boxes of the two-step code. Typing moves on to the next box, Backspace in an
 * empty box goes back one, and a whole code (pasted, or filled in by the phone into the first box) is
 * spread over all six.
 */
export function QrCodeBoxes({ form }: { form: UseFormReturn<TwoStepInput> }) {
  const {
    register,
    setValue,
    formState: { errors },
  } = form;
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const errorId = useId();
  const error = QR_CODE_FIELDS.map((field) => errors[field]?.message).find(Boolean);

  function focusBox(index: number) {
    const box = boxes.current[index];
    box?.focus();
    box?.select();
  }

  function fillAll(code: string) {
    QR_CODE_FIELDS.forEach((field, index) =>
      setValue(field, code.charAt(index), { shouldValidate: true, shouldDirty: true, shouldTouch: true }),
    );
    focusBox(QR_CODE_LENGTH - 1);
  }

  function wholeCode(text: string): string | null {
    const code = text.replace(/\s/g, '');
    return WHOLE_CODE.test(code) ? code : null;
  }

  function paste(event: ClipboardEvent<HTMLInputElement>) {
    const code = wholeCode(event.clipboardData.getData('text'));
    if (!code) return;
    event.preventDefault();
    fillAll(code);
  }

  function goBackOnEmptyBackspace(event: KeyboardEvent<HTMLInputElement>, index: number) {
    if (event.key !== 'Backspace' || event.currentTarget.value !== '' || index === 0) return;
    event.preventDefault();
    focusBox(index - 1);
  }

  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="fs-6 mb-3 text-center">Please enter QR code</legend>
      <div className="d-flex justify-content-center gap-2">
        {QR_CODE_FIELDS.map((field, index) => {
          const { ref, onChange, ...box } = register(field);
          return (
            <Form.Control
              key={field}
              {...box}
              ref={(element: HTMLInputElement | null) => {
                ref(element);
                boxes.current[index] = element;
              }}
              onChange={(event) => {
                const code = wholeCode(event.target.value);
                if (code) {
                  fillAll(code);
                  return;
                }
                void onChange(event);
                if (event.target.value.length === 1 && index < QR_CODE_LENGTH - 1) focusBox(index + 1);
              }}
              onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => goBackOnEmptyBackspace(event, index)}
              onPaste={paste}
              onFocus={(event) => event.currentTarget.select()}
              aria-label={`Character ${index + 1} of ${QR_CODE_LENGTH}`}
              aria-invalid={errors[field] ? true : undefined}
              isInvalid={errors[field] !== undefined}
              inputMode="numeric"
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              className="qr-code-box text-center fs-4 px-0"
            />
          );
        })}
      </div>
      {error && (
        <div id={errorId} className="invalid-feedback d-block text-center">
          {error}
        </div>
      )}
    </fieldset>
  );
}
