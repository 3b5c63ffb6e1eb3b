import { BRIEF_GUIDANCE_MAX_LENGTH, BRIEF_GUIDANCE_MIN_LENGTH, BRIEF_MAX_LENGTH } from '@churchtrades/shared/constants';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextField } from '../../../components/form/text-field';

/**
 * The brief, the line of the business's card in search (SPEC §2 "iBusiness-Card"), with the guidance and a
 * count as it is typed. The guidance is not enforced (SPEC §2): a longer brief is shown in red, not refused.
 */
export function BriefField({ label }: { label: string }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<{ brief: string }>();
  const length = (useWatch({ control, name: 'brief' }) ?? '').length;

  return (
    <TextField
      label={label}
      error={errors.brief}
      hint={
        <>
          Recommended {BRIEF_GUIDANCE_MIN_LENGTH}-{BRIEF_GUIDANCE_MAX_LENGTH} letters, max {BRIEF_MAX_LENGTH}.{' '}
          <span className={length > BRIEF_MAX_LENGTH ? 'text-danger' : undefined}>
            {length} / {BRIEF_MAX_LENGTH}
          </span>
        </>
      }
      {...register('brief')}
    />
  );
}
