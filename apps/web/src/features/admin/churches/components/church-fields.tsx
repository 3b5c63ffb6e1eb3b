import type { ChurchFormValues } from '@churchtrades/shared/church-admin';
import { REAL_STATES, STATE_NAMES } from '@churchtrades/shared/states';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useFormContext } from 'react-hook-form';
import { SelectField } from '../../../../components/form/select-field';
import { TextField } from '../../../../components/form/text-field';

/** The fields of a church, shared by the register and edit forms (inside their FormProvider). */
export function ChurchFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<ChurchFormValues>();
  return (
    <>
      <TextField label="Church name" error={errors.name} {...register('name')} />
      <Row>
        <Col sm={4}>
          <SelectField label="State" error={errors.stateType} {...register('stateType')}>
            <option value="">Choose a state</option>
            {REAL_STATES.map((state) => (
              <option key={state} value={state}>
                {STATE_NAMES[state]}
              </option>
            ))}
          </SelectField>
        </Col>
        <Col sm={5}>
          <TextField label="Suburb" error={errors.suburb} {...register('suburb')} />
        </Col>
        <Col sm={3}>
          <TextField label="Postcode" inputMode="numeric" error={errors.postcode} {...register('postcode')} />
        </Col>
      </Row>
      <Row>
        <Col sm={6}>
          <TextField label="Latitude" inputMode="decimal" error={errors.latitude} {...register('latitude')} />
        </Col>
        <Col sm={6}>
          <TextField label="Longitude" inputMode="decimal" error={errors.longitude} {...register('longitude')} />
        </Col>
      </Row>
    </>
  );
}

/** An empty church form. */
export const EMPTY_CHURCH_VALUES: ChurchFormValues = {
  name: '',
  // '' shows "Choose a state"; the schema refuses it until a state is chosen.
  stateType: '' as ChurchFormValues['stateType'],
  suburb: '',
  postcode: '',
  latitude: '',
  longitude: '',
};
