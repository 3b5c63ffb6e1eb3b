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
import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { type FieldErrors, useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/form/form-alert';
import { HoneypotField } from '../../../components/form/honeypot-field';
import { showServerFieldErrors } from '../../../components/form/server-field-errors';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { getErrorMessage } from '../../../lib/api-error';
import { useGetProfileQuery } from '../../../lib/current-user-api';
import type { ChosenBusiness } from '../../../lib/enquiry-choice';
import { useLoggedIn } from '../../../lib/use-logged-in';
import { useProofOfWorkChallengeQuery, useSendEnquiryMutation } from '../api/enquiries-api';
import { ProofOfWork, type ProofOfWorkHandle } from './proof-of-work';

const FIELDS = ['name', 'email', 'phone', 'suburb', 'message'] as const;
const CHALLENGE_FAILED_MESSAGE = 'The robot check could not be loaded. Please try again.';

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
  const challenge = useProofOfWorkChallengeQuery(loggedIn ? skipToken : undefined);
  const [send] = useSendEnquiryMutation();
  const proofOfWork = useRef<ProofOfWorkHandle>(null);
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

  async function proofFor(): Promise<string | null | undefined> {
    if (loggedIn) return undefined;
    return (await proofOfWork.current?.solve()) ?? null;
  }

  async function submit(values: SendEnquiryInput) {
    clearAlert();
    const proof = await proofFor();
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
    // Each challenge is accepted once: another try needs a new one.
    if (!loggedIn) void challenge.refetch();
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
      {!loggedIn && (
        <div className="mb-3">
          {challenge.currentData ? (
            <ProofOfWork key={challenge.fulfilledTimeStamp} ref={proofOfWork} challenge={challenge.currentData} />
          ) : challenge.isError && !challenge.isFetching ? (
            <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
              <span>{getErrorMessage(challenge.error, CHALLENGE_FAILED_MESSAGE)}</span>
              <Button variant="outline-danger" size="sm" onClick={() => void challenge.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : (
            <p role="status">Loading the robot check…</p>
          )}
        </div>
      )}
      <SubmitButton busy={isSubmitting} busyLabel="Sending..." disabled={!loggedIn && !challenge.currentData}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
