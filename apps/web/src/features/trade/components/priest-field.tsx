import { skipToken } from '@reduxjs/toolkit/query/react';
import { useFormContext, useWatch } from 'react-hook-form';
import { SelectField } from '../../../components/form/select-field';
import { useChurchPriestsQuery } from '../api/trade-api';

/** The fields this select reads and fills in. */
export interface PriestFieldValues {
  churchId: string;
  priestId?: string | null;
}

/** SPEC §1 "optionally a priest": one of the chosen church's priests, or "No priest". */
export function PriestField() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<PriestFieldValues>();
  const churchId = useWatch({ control, name: 'churchId' });
  // currentData: while another church's priests load, the previous church's must not be offered.
  const { currentData: priests } = useChurchPriestsQuery(churchId || skipToken);

  return (
    <SelectField
      label="Priest"
      disabled={!churchId}
      error={errors.priestId ?? undefined}
      {...register('priestId')}
    >
      <option value="">No priest</option>
      {priests?.map((priest) => (
        <option key={priest.userId} value={priest.userId}>
          {priest.name}
        </option>
      ))}
    </SelectField>
  );
}
