import {
  ENQUIRY_MESSAGE_MAX_LENGTH,
  ENQUIRY_MESSAGE_MIN_LENGTH,
  type EnquirySent,
  type SendEnquiryFormValues,
  type SendEnquiryInput,
  sendEnquirySchema,
} from '@churchtrades/shared/enquiries';
import { HONEYPOT_FIELD } from '@churchtrades/shared/honeypot';
import { MESSAGES } from '@churchtrades/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import Form from 'react-bootstrap/Form';
import { type FieldErrors, useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/form/form-alert';
import { HoneypotField } from '../../../components/form/honeypot-field';
import { showServerFieldErrors } from '../../../components/form/server-field-errors';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { RobotCheck } from '../../../components/proof-of-work/robot-check';
import { useRobotCheck } from '../../../components/proof-of-work/use-robot-check';
import { useGetProfileQuery } from '../../../lib/current-user-api';
import type { ChosenBusiness } from '../../../lib/enquiry-choice';
import { useLoggedIn } from '../../../lib/use-logged-in';
import { useSendEnquiryMutation } from '../api/enquiries-api';

const FIELDS = ['name', 'email', 'phone', 'suburb', 'message'] as const;

interface EnquiryFormProps {
  /** The 1–3 businesses the message goes to. */
  businesses: readonly ChosenBusiness[];
  submitLabel: string;
  onSent: (sent: EnquirySent) => void;
}

/**
 * The enquiry: name, e-mail, optional phone, suburb and message, to one business or to the few a visitor ticked.
 * A logged-in user sends it from their account's address at once; anyone else proves the form is not a robot's
 * (the proof-of-work widget) and confirms their address by the e-mailed link afterwards.
 */
export function EnquiryForm({ businesses, submitLabel, onSent }: EnquiryFormProps) {
  const loggedIn = useLoggedIn();
  const { data: user } = useGetProfileQuery(loggedIn ? undefined : skipToken);
  const { challenge, widget, ready, solve, renew } = useRobotCheck(!loggedIn);
  const [send] = useSendEnquiryMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<SendEnquiryFormValues, unknown, SendEnquiryInput>({
    resolver: zodResolver(sendEnquirySchema),
    mode: 'onTouched',
    defaultValues: {
      tradeIds: businesses.map((business) => business.id),
      name: '',
      email: '',
      phone: '',
      suburb: '',
      message: '',
    },
  });

  useEffect(() => {
    if (!user) return;
    // The account's address is the one answers come to, whatever the field says; the name is only a suggestion.
    setValue('email', user.email);
    if (getValues('name') === '') setValue('name', `${user.firstName} ${user.lastName}`.trim());
  }, [user, getValues, setValue]);

  async function submit(values: SendEnquiryInput) {
    clearAlert();
    const proof = await solve();
    if (proof === null) {
      showError(undefined, MESSAGES.proofOfWorkFailed);
      return;
    }
    const result = await send({ ...values, proofOfWork: proof });
    if (!result.error) {
      onSent(result.data);
      return;
    }
    if (!showServerFieldErrors(result.error, setError, FIELDS)) showError(result.error);
    renew();
  }

  function refuse(invalid: FieldErrors<SendEnquiryFormValues>) {
    const refusal = invalid[HONEYPOT_FIELD]?.message ?? invalid.tradeIds?.message;
    if (typeof refusal === 'string') showError(undefined, refusal);
  }

  return (
    <Form noValidate onSubmit={(event) => void handleSubmit(submit, refuse)(event)}>
      <FormAlert alert={alert} onClose={clearAlert} />
      <TextField label="Your name" autoComplete="name" error={errors.name} {...register('name')} />
      <TextField
        label="Your e-mail address"
        type="email"
        autoComplete="email"
        readOnly={loggedIn}
        hint={loggedIn ? "Answers come to your account's address." : 'Answers come to this address, once you confirm it.'}
        error={errors.email}
        {...register('email')}
      />
      <TextField label="Phone (optional)" type="tel" autoComplete="tel" error={errors.phone} {...register('phone')} />
      <TextField label="Your suburb" autoComplete="address-level2" error={errors.suburb} {...register('suburb')} />
      <TextField
        label="Your message"
        rows={6}
        maxLength={ENQUIRY_MESSAGE_MAX_LENGTH}
        hint={`Plain text, ${ENQUIRY_MESSAGE_MIN_LENGTH} to ${ENQUIRY_MESSAGE_MAX_LENGTH.toLocaleString('en-AU')} characters.`}
        error={errors.message}
        {...register('message')}
      />
      <HoneypotField register={register} />
      {!loggedIn && <RobotCheck challenge={challenge} ref={widget} />}
      <SubmitButton busy={isSubmitting} busyLabel="Sending..." disabled={!ready}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
