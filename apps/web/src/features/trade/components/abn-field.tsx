import type { AbnCheck } from '@churchtrades/shared/verification';
import { useFormContext } from 'react-hook-form';
import { TextField } from '../../../components/form/text-field';

/** The field this input fills in, in whichever business form holds it. */
export interface AbnFieldValues {
  abn?: string | null;
}

const DATE = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium' });

function checkedOn(check: AbnCheck): string {
  return check.checkedAt === null ? '' : `, checked on ${DATE.format(new Date(check.checkedAt))}`;
}

/** What the register last said of the owner's ABN, in words. */
export function abnCheckInWords(check: AbnCheck): string {
  const name = check.registeredName ?? 'a name it does not give';
  switch (check.status) {
    case 'ACTIVE':
      return `Verified: active and registered to ${name}${checkedOn(check)}.`;
    case 'CHECKSUM_ONLY':
      return 'Digits checked; not looked up on the register.';
    case 'UNCHECKED':
      return 'Waiting for the register: it has not answered yet, and is asked again soon.';
    case 'MISMATCH':
      return `Not verified: registered to another name: ${name}${checkedOn(check)}. Check the business's name, or the ABN.`;
    case 'CANCELLED':
      return `Not verified: cancelled on the register${checkedOn(check)}.`;
    case 'NOT_FOUND':
      return `Not verified: the register knows no such ABN${checkedOn(check)}.`;
  }
}

const GUIDANCE = 'The 11 digits of your Australian Business Number, e.g. 51 824 753 556. Leave it empty if you have none.';

/**
 * The business's ABN, checked by its digits as it is typed; on the Profile page with what the register last
 * said of it, read out with the field.
 */
export function AbnField({ check }: { check?: AbnCheck | null }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<AbnFieldValues>();
  return (
    <TextField
      label="ABN"
      inputMode="numeric"
      autoComplete="off"
      hint={check ? abnCheckInWords(check) : GUIDANCE}
      error={errors.abn}
      {...register('abn')}
    />
  );
}
