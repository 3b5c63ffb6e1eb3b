import { type AddressFormValues, type AddressInput, addressSchema } from '@churchtrades/shared/address';
import type { AddressSuggestion } from '@churchtrades/shared/address-lookup';
import { MESSAGES } from '@churchtrades/shared/messages';
import { STATE_DROPDOWN_ORDER } from '@churchtrades/shared/states';
import type { OwnTrade, TradeAddress } from '@churchtrades/shared/trade-dashboard';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Placeholder from 'react-bootstrap/Placeholder';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form/form-alert';
import { SelectField } from '../../../components/form/select-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { getErrorMessage, successMessage } from '../../../lib/api-error';
import { useCreateAddressMutation, useTradeAddressQuery, useUpdateAddressMutation } from '../api/address-api';
import { type AddressTextField, addressFields, addressPayload, suggestedFields } from '../utils/address-values';
import { AddressSearch } from './address-search';
import { useTradeDashboard } from './trade-layout';

/** /trade/address/{tradeId}: where the business is, found in the address lookup or typed in. */
export function AddressPage() {
  const { trade, readOnly } = useTradeDashboard();
  const { data: address, error, isLoading } = useTradeAddressQuery(trade.id);

  return (
    <Card>
      <title>Address · My Business · ChurchTrades</title>
      <Card.Body>
        <h2 className="h4 mb-3">Address</h2>
        {readOnly && <ReadOnlyNote />}
        {isLoading ? (
          <AddressLoading />
        ) : address === undefined ? (
          <Alert variant="danger">{getErrorMessage(error)}</Alert>
        ) : (
          // A new form once the address is created, so it starts from the address as saved.
          <AddressEditor key={address?.id ?? 'new'} trade={trade} address={address} readOnly={readOnly} />
        )}
      </Card.Body>
    </Card>
  );
}

interface AddressEditorProps {
  trade: OwnTrade;
  address: TradeAddress | null;
  readOnly: boolean;
}

function AddressEditor({ trade, address, readOnly }: AddressEditorProps) {
  const [searchText, setSearchText] = useState('');
  const switchId = useId();
  const [createAddress, creating] = useCreateAddressMutation();
  const [updateAddress, updating] = useUpdateAddressMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    formState: { errors },
  } = useForm<AddressFormValues, unknown, AddressInput>({
    resolver: zodResolver(addressSchema),
    mode: 'onTouched',
    defaultValues: addressFields(trade, address),
  });

  const textField = (name: AddressTextField, label: string, className?: string) => (
    <TextField className={className} label={label} error={errors[name]} {...register(name)} />
  );

  function choose(suggestion: AddressSuggestion) {
    setSearchText(suggestion.fullAddress);
    reset({ ...getValues(), ...suggestedFields(suggestion) }, { keepDefaultValues: true });
  }

  async function submit(values: AddressInput) {
    clearAlert();
    const payload = addressPayload(values);
    const result = address ? await updateAddress({ ...payload, id: address.id }) : await createAddress(payload);
    if (result.error) {
      showError(result.error);
      return;
    }
    setSearchText('');
    reset(addressFields(trade, result.data.address));
    toast.success(successMessage(result.data.message, address ? MESSAGES.addressUpdated : MESSAGES.addressCreated));
  }

  return (
    <>
      <AddressSearch text={searchText} onTextChange={setSearchText} onChoose={choose} disabled={readOnly} />
      <Form noValidate onSubmit={handleSubmit(submit)}>
        <FormAlert alert={alert} onClose={clearAlert} />
        {/* A disabled fieldset disables every input and button in it. */}
        <fieldset disabled={readOnly}>
          {textField('fullAddress', 'Current Address')}
          <div className="row">
            {textField('streetNbr', 'Street Number', 'col-sm-6 col-lg-3 mb-3')}
            {textField('unitNbr', 'Flat/Unit', 'col-sm-6 col-lg-3 mb-3')}
            {textField('streetName', 'Street', 'col-sm-8 col-lg-4 mb-3')}
            {textField('streetType', 'Street type', 'col-sm-4 col-lg-2 mb-3')}
          </div>
          <div className="row">
            {textField('suburb', 'Suburb', 'col-md-6 mb-3')}
            {textField('city', 'City/Area', 'col-md-6 mb-3')}
          </div>
          <div className="row">
            <SelectField
              className="col-md-6 mb-3"
              label="AUS State"
              error={errors.stateType}
              {...register('stateType')}
            >
              {STATE_DROPDOWN_ORDER.map((state) => (
                <option key={state} value={state}>
                  {state === 'SELECT' ? MESSAGES.chooseState : state}
                </option>
              ))}
            </SelectField>
            {textField('postcode', 'Postal Code', 'col-md-6 mb-3')}
          </div>
          <Form.Group className="mb-3" controlId={switchId}>
            <Form.Check
              type="switch"
              role="switch"
              label="Show my street address publicly"
              aria-describedby={`${switchId}-help`}
              {...register('showStreetAddress')}
            />
            <Form.Text id={`${switchId}-help`}>
              When this is off, the public sees only your suburb, state and postcode, and your map pin sits in the
              middle of your suburb. Turn it off if your business address is your home.
            </Form.Text>
          </Form.Group>
          <SubmitButton busy={creating.isLoading || updating.isLoading}>{address ? 'Update' : 'Create'}</SubmitButton>
        </fieldset>
      </Form>
    </>
  );
}

function AddressLoading() {
  return (
    <div role="status">
      <span className="visually-hidden">Loading...</span>
      <Placeholder as="div" animation="glow" aria-hidden="true">
        {[12, 8, 10, 6].map((width, index) => (
          <Placeholder key={index} xs={width} className="d-block mb-3 py-3 rounded" />
        ))}
      </Placeholder>
    </div>
  );
}
