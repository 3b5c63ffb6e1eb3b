import { licenceFormSchema } from '@churchtrades/shared/church-checks';
import { MESSAGES } from '@churchtrades/shared/messages';
import { newTradeSchema, type OwnTrade } from '@churchtrades/shared/trade-dashboard';
import {
  mainCategoryChoiceSchema,
  publicEmailSchema,
  type TradeProfileInput,
  tradeProfileSchema,
} from '@churchtrades/shared/trade-profile';
import { formatAbn } from '@churchtrades/shared/verification';
import { zodResolver } from '@hookform/resolvers/zod';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Placeholder from 'react-bootstrap/Placeholder';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { successMessage } from '../../../lib/api-error';
import { useMainCategoriesQuery, useSubCategoriesQuery } from '../../../lib/categories-api';
import { useStateChurchesQuery } from '../../../lib/churches-api';
import { useChurchPriestsQuery, useUpdateTradeProfileMutation } from '../api/trade-api';
import { BriefField } from './brief-field';
import { AbnField } from './abn-field';
import { BusinessKindField } from './business-kind-field';
import { CategoryFields } from './category-fields';
import { ChurchChangeDialog } from './church-change-dialog';
import { ChurchFields } from './church-fields';
import { LicenceFields } from './licence-fields';
import { PriestField } from './priest-field';
import { ReadOnlyField } from './read-only-field';
import { useTradeDashboard } from './trade-layout';

/**
 * The profile form's rules: the payload's own, and the category and church selects' from the new-business form.
 * A main category without a sub category is a choice of its own.
 */
const profileFormSchema = z.object({
  name: tradeProfileSchema.shape.name,
  brief: tradeProfileSchema.shape.brief,
  service: tradeProfileSchema.shape.service,
  tags: tradeProfileSchema.shape.tags,
  publicEmail: publicEmailSchema,
  mainCategoryId: mainCategoryChoiceSchema,
  categoryId: tradeProfileSchema.shape.categoryId,
  // The state only narrows the churches offered: the business takes its church's state.
  stateType: newTradeSchema.shape.stateType.unwrap(),
  churchId: newTradeSchema.shape.churchId,
  priestId: tradeProfileSchema.shape.priestId,
  businessKind: tradeProfileSchema.shape.businessKind,
  abn: tradeProfileSchema.shape.abn,
  licence: licenceFormSchema,
});
type ProfileFormValues = z.input<typeof profileFormSchema>;
type ProfileFormOutput = z.output<typeof profileFormSchema>;

function profileValues(trade: OwnTrade): ProfileFormValues {
  return {
    name: trade.name,
    brief: trade.brief,
    service: trade.service,
    tags: trade.tags,
    publicEmail: trade.publicEmail ?? '',
    mainCategoryId: trade.mainCategoryId ?? '',
    categoryId: trade.categoryId ?? undefined,
    stateType: trade.stateType,
    churchId: trade.churchId,
    priestId: trade.priest?.userId ?? '',
    businessKind: trade.businessKind ?? '',
    abn: trade.abn === null ? '' : formatAbn(trade.abn),
    licence: {
      number: trade.licence?.number ?? '',
      state: trade.licence?.state ?? '',
      kind: trade.licence?.kind ?? '',
    },
  };
}

/** SPEC §3 "Profile update of a trade": the chosen sub category, else the main category alone. */
function profilePayload(trade: OwnTrade, values: ProfileFormOutput): TradeProfileInput {
  return {
    tradeId: trade.id,
    churchId: values.churchId,
    categoryId: values.categoryId || values.mainCategoryId,
    priestId: values.priestId ?? null,
    businessKind: values.businessKind ?? null,
    licence: values.licence,
    name: values.name,
    service: values.service,
    brief: values.brief,
    tags: values.tags,
    publicEmail: values.publicEmail,
    abn: values.abn ?? null,
  };
}

/** /trade/profile: the business's name, brief, services, categories, tags, church and licence. */
export function TradeProfilePage() {
  const { trade, readOnly } = useTradeDashboard();
  // The selects show the business's own choices only once their options are there.
  const mains = useMainCategoriesQuery();
  const subs = useSubCategoriesQuery(trade.mainCategoryId ?? skipToken);
  const churches = useStateChurchesQuery(trade.stateType);
  const priests = useChurchPriestsQuery(trade.churchId);
  const loading = mains.isLoading || subs.isLoading || churches.isLoading || priests.isLoading;

  return (
    <Card>
      <title>Profile · My Business · ChurchTrades</title>
      <Card.Body>
        <h2 className="h4 mb-3">Profile</h2>
        {readOnly && <ReadOnlyNote />}
        {loading ? <ProfileLoading /> : <ProfileForm key={trade.id} trade={trade} readOnly={readOnly} />}
      </Card.Body>
    </Card>
  );
}

function ProfileForm({ trade, readOnly }: { trade: OwnTrade; readOnly: boolean }) {
  const [updateProfile, { isLoading }] = useUpdateTradeProfileMutation();
  // A profile naming another church, held while its owner is asked whether to move.
  const [move, setMove] = useState<{ values: ProfileFormOutput; churchName: string } | undefined>();
  const { alert, clearAlert, showError } = useFormAlert();
  const form = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver: zodResolver(profileFormSchema),
    mode: 'onTouched',
    defaultValues: profileValues(trade),
  });
  const { errors } = form.formState;
  // The church selects' own list (one request for both): it names the church a move would go to.
  const stateType = useWatch({ control: form.control, name: 'stateType' });
  const { currentData: churches } = useStateChurchesQuery(stateType || skipToken);

  function submit(values: ProfileFormOutput) {
    if (values.churchId === trade.churchId) return send(values);
    const chosen = churches?.find((church) => church.churchId === values.churchId);
    setMove({ values, churchName: chosen?.name ?? 'another church' });
  }

  async function send(values: ProfileFormOutput) {
    setMove(undefined);
    clearAlert();
    const result = await updateProfile(profilePayload(trade, values));
    if (result.error) {
      showError(result.error);
      return;
    }
    // The server tidies the texts (spaces); the form shows them as kept.
    form.reset(profileValues(result.data.trade));
    toast.success(successMessage(result.data.message, MESSAGES.tradeUpdated));
  }

  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={form.handleSubmit(submit)}>
        <FormAlert alert={alert} onClose={clearAlert} />
        {/* A disabled fieldset disables every input and button in it. */}
        <fieldset disabled={readOnly}>
          <TextField label="Name" error={errors.name} {...form.register('name')} />
          <BusinessKindField />
          <AbnField check={trade.abnCheck} />
          <BriefField label="Brief (iBusiness-Card)" />
          <TextField label="Service(s)" rows={4} error={errors.service} {...form.register('service')} />
          <CategoryFields />
          <ReadOnlyField label="Automated System Tags" value={trade.systemTags} />
          <TextField label="Own Tags" error={errors.tags} {...form.register('tags')} />
          <TextField
            label="Public Email"
            type="email"
            autoComplete="email"
            hint="Visitors write to this address: it shows on your business's card and page. Leave it empty to show none."
            error={errors.publicEmail}
            {...form.register('publicEmail')}
          />
          <ChurchFields onChurchChange={() => form.setValue('priestId', '')} />
          <ReadOnlyField label="Serving Church Geo" value={trade.churchGeo} />
          <PriestField />
          <LicenceFields licence={trade.licence} />
          <SubmitButton busy={isLoading}>Update</SubmitButton>
        </fieldset>
      </Form>
      <ChurchChangeDialog
        churchName={move?.churchName}
        onConfirm={() => move && void send(move.values)}
        onCancel={() => setMove(undefined)}
      />
    </FormProvider>
  );
}

function ProfileLoading() {
  return (
    <div role="status">
      <p>Loading...</p>
      <Placeholder as="div" animation="glow" aria-hidden="true">
        {[6, 8, 10, 7, 9].map((width, index) => (
          <Placeholder key={index} xs={width} className="d-block mb-3 py-3 rounded" />
        ))}
      </Placeholder>
    </div>
  );
}
