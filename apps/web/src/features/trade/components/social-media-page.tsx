import { MEDIA_TYPES } from '@churchtrades/shared/media-types';
import { MESSAGES } from '@churchtrades/shared/messages';
import {
  NEW_SOCIAL_MEDIA_REFERENCE_ID,
  type SocialMediaInput,
  socialMediaSchema,
} from '@churchtrades/shared/social-media';
import type { OwnTrade, SocialMediaEntry } from '@churchtrades/shared/trade-dashboard';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form/form-alert';
import { SelectField } from '../../../components/form/select-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { successMessage } from '../../../lib/api-error';
import {
  useCreateSocialMediaMutation,
  useDeleteSocialMediaMutation,
  useTradeSocialMediaQuery,
  useUpdateSocialMediaMutation,
} from '../api/social-media-api';
import { MEDIA_TYPE_NAMES, referenceHint } from '../utils/media-type-names';
import { SocialMediaTable } from './social-media-table';
import { useTradeDashboard } from './trade-layout';

/** The form of a new entry: SPEC §4's placeholder reference id until the server gives it one. */
function newEntry(trade: OwnTrade): SocialMediaInput {
  return { entityId: trade.id, referenceId: NEW_SOCIAL_MEDIA_REFERENCE_ID, name: '', mediaType: 'SELECT' };
}

function entryValues(entry: SocialMediaEntry): SocialMediaInput {
  return { entityId: entry.entityId, referenceId: entry.referenceId, name: entry.name, mediaType: entry.mediaType };
}

/**
 * /trade/media/{tradeId}: the business's website and social media. A row of the table is loaded into the form
 * to be changed or deleted; New empties the form for another entry.
 */
export function SocialMediaPage() {
  const { trade, readOnly } = useTradeDashboard();
  const { data: entries, isLoading: loadingEntries } = useTradeSocialMediaQuery(trade.id);
  const [selected, setSelected] = useState<SocialMediaEntry | null>(null);
  const [createEntry, creating] = useCreateSocialMediaMutation();
  const [updateEntry, updating] = useUpdateSocialMediaMutation();
  const [deleteEntry, deleting] = useDeleteSocialMediaMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm<SocialMediaInput>({
    resolver: zodResolver(socialMediaSchema),
    mode: 'onTouched',
    defaultValues: newEntry(trade),
  });
  const mediaType = useWatch({ control, name: 'mediaType' });

  function startNew() {
    setSelected(null);
    reset(newEntry(trade));
  }

  function select(entry: SocialMediaEntry) {
    clearAlert();
    setSelected(entry);
    reset(entryValues(entry));
  }

  async function save(values: SocialMediaInput) {
    clearAlert();
    const result = selected ? await updateEntry({ ...values, id: selected.id }) : await createEntry(values);
    if (result.error) {
      showError(result.error);
      return;
    }
    startNew();
    toast.success(successMessage(result.data, selected ? MESSAGES.socialMediaUpdated : MESSAGES.socialMediaCreated));
  }

  async function remove() {
    if (!selected) return;
    clearAlert();
    const result = await deleteEntry({ id: selected.id, entityId: trade.id });
    if (result.error) {
      showError(result.error);
      return;
    }
    startNew();
    toast.success(successMessage(result.data, MESSAGES.socialMediaDeleted));
  }

  return (
    <Card>
      <title>Social Media · My Business · ChurchTrades</title>
      <Card.Body>
        <h2 className="h4 mb-3">Social Media</h2>
        {readOnly && <ReadOnlyNote />}
        <Form noValidate onSubmit={handleSubmit(save)}>
          <FormAlert alert={alert} onClose={clearAlert} />
          <input type="hidden" {...register('referenceId')} />
          <input type="hidden" {...register('entityId')} />
          {/* A disabled fieldset disables every input and button in it. */}
          <fieldset disabled={readOnly}>
            <div className="row">
              <TextField
                className="col-md-8 mb-3"
                label="Name"
                placeholder="Media Reference"
                autoComplete="off"
                hint={referenceHint(mediaType)}
                error={errors.name}
                {...register('name')}
              />
              <SelectField className="col-md-4 mb-3" label="Media" error={errors.mediaType} {...register('mediaType')}>
                {MEDIA_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {MEDIA_TYPE_NAMES[type]}
                  </option>
                ))}
              </SelectField>
            </div>
            <div className="d-flex flex-wrap gap-2">
              <Button variant="outline-secondary" onClick={startNew}>
                New
              </Button>
              <SubmitButton busy={creating.isLoading || updating.isLoading}>Save</SubmitButton>
              <Button variant="outline-danger" disabled={!selected || deleting.isLoading} onClick={() => void remove()}>
                {deleting.isLoading ? 'Deleting...' : 'Delete'}
              </Button>
            </div>
          </fieldset>
        </Form>
        <SocialMediaTable entries={entries} loading={loadingEntries} selectedId={selected?.id} onSelect={select} />
      </Card.Body>
    </Card>
  );
}
