import { MESSAGES } from '@churchtrades/shared/messages';
import { type RealState, STATE_DROPDOWN_ORDER } from '@churchtrades/shared/states';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useFormContext, useWatch } from 'react-hook-form';
import { SelectField } from '../../../components/form/select-field';
import { useStateChurchesQuery } from '../../../lib/churches-api';

/** The fields these selects fill in, in whichever business form holds them. */
export interface ChurchFieldValues {
  stateType?: RealState | '';
  churchId: string;
}

// SELECT is the "none chosen" placeholder below, not a state to pick.
const STATES = STATE_DROPDOWN_ORDER.filter((state) => state !== 'SELECT');

/**
 * State, then Church: every enabled church of the chosen state (all of them, not a first page of ten: a
 * state has dozens, and the business's own must be among the choices). A new state clears the church.
 * `onChurchChange` hears of either, so that what depends on the church (its priest) follows.
 */
export function ChurchFields({ onChurchChange }: { onChurchChange?: () => void }) {
  const {
    register,
    setValue,
    control,
    formState: { errors },
  } = useFormContext<ChurchFieldValues>();
  const stateType = useWatch({ control, name: 'stateType' });
  const { currentData: churches } = useStateChurchesQuery(stateType || skipToken);

  return (
    <div className="row">
      <SelectField
        className="col-md-6 mb-3"
        label="State"
        error={errors.stateType}
        {...register('stateType', {
          onChange: () => {
            setValue('churchId', '');
            onChurchChange?.();
          },
        })}
      >
        <option value="">{MESSAGES.chooseState}</option>
        {STATES.map((state) => (
          <option key={state} value={state}>
            {state}
          </option>
        ))}
      </SelectField>
      <SelectField
        className="col-md-6 mb-3"
        label="Church"
        disabled={!stateType}
        error={errors.churchId}
        {...register('churchId', { onChange: onChurchChange })}
      >
        <option value="">{MESSAGES.chooseChurch}</option>
        {churches?.map((church) => (
          <option key={church.churchId} value={church.churchId}>
            {church.name}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
