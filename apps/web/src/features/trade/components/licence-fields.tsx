import type { LicenceFormValues } from '@churchtrades/shared/church-checks';
import type { OwnTrade } from '@churchtrades/shared/trade-dashboard';
import { REAL_STATES } from '@churchtrades/shared/states';
import { LICENCE_KIND_MAX_LENGTH, LICENCE_NUMBER_MAX_LENGTH } from '@churchtrades/shared/verification';
import { useFormContext } from 'react-hook-form';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';

/** The fields these inputs fill in, in whichever business form holds them. */
export interface LicenceFieldValues {
  licence: LicenceFormValues;
}

const DAY = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium' });

/** Where the business's licence stands: stated by its owner, or checked by a moderator. */
function licenceStanding(licence: OwnTrade['licence']): string {
  if (!licence) return 'Licensed trades (electrician, plumber, builder …) may state their licence; leave these empty for none.';
  if (licence.checkedAt === null) {
    return "Stated by you: a moderator of your church checks it against the state's public register.";
  }
  return `Checked against the ${licence.state} public register on ${DAY.format(new Date(licence.checkedAt))}. Changing it takes the check away.`;
}

/** The licence of a licensed trade: its number, the state that issued it and what it is for. */
export function LicenceFields({ licence }: { licence: OwnTrade['licence'] }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<LicenceFieldValues>();
  return (
    <fieldset className="mb-3">
      <legend className="h6">Licence</legend>
      <p className="form-text mt-0">{licenceStanding(licence)}</p>
      <TextField
        label="Licence number"
        maxLength={LICENCE_NUMBER_MAX_LENGTH}
        error={errors.licence?.number}
        {...register('licence.number')}
      />
      <SelectField label="Issuing state" error={errors.licence?.state} {...register('licence.state')}>
        <option value="">None</option>
        {REAL_STATES.map((state) => (
          <option key={state} value={state}>
            {state}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Licence for"
        hint="What the licence allows, e.g. Electrical contractor."
        maxLength={LICENCE_KIND_MAX_LENGTH}
        error={errors.licence?.kind}
        {...register('licence.kind')}
      />
    </fieldset>
  );
}
