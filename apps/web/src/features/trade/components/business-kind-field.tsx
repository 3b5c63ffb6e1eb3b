import { BUSINESS_KIND_NAMES, BUSINESS_KINDS, type BusinessKind } from '@churchtrades/shared/trade-profile';
import { useFormContext } from 'react-hook-form';
import { SelectField } from '../../../components/form/select-field';

/** The field this select fills in, in whichever business form holds it. */
export interface BusinessKindFieldValues {
  businessKind?: BusinessKind | '' | null;
}

/** SPEC §1: sole trader, company or joint venture; "Not stated" keeps it off the business's page. */
export function BusinessKindField() {
  const {
    register,
    formState: { errors },
  } = useFormContext<BusinessKindFieldValues>();
  return (
    <SelectField label="Kind of business" error={errors.businessKind} {...register('businessKind')}>
      <option value="">Not stated</option>
      {BUSINESS_KINDS.map((kind) => (
        <option key={kind} value={kind}>
          {BUSINESS_KIND_NAMES[kind]}
        </option>
      ))}
    </SelectField>
  );
}
