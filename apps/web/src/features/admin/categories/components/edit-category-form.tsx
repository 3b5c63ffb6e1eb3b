import { categoryUpdateSchema } from '@churchtrades/shared/category-admin';
import type { Category } from '@churchtrades/shared/category';
import { MESSAGES } from '@churchtrades/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { FormAlert } from '../../../../components/form/form-alert';
import { SubmitButton } from '../../../../components/form/submit-button';
import { TextField } from '../../../../components/form/text-field';
import { useFormAlert } from '../../../../components/form/use-form-alert';
import { successMessage } from '../../../../lib/api-error';
import { useUpdateCategoryMutation } from '../api/category-admin-api';

const editCategorySchema = categoryUpdateSchema.omit({ id: true });
type EditCategoryValues = z.input<typeof editCategorySchema>;
type EditCategoryOutput = z.output<typeof editCategorySchema>;

/** A category's name and tags, edited where it is listed; it keeps its place and parent. */
export function EditCategoryForm({ category, onDone }: { category: Category; onDone: () => void }) {
  const [updateCategory, { isLoading }] = useUpdateCategoryMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const form = useForm<EditCategoryValues, unknown, EditCategoryOutput>({
    resolver: zodResolver(editCategorySchema),
    mode: 'onTouched',
    defaultValues: { name: category.name, tags: category.tags },
  });
  const { errors } = form.formState;

  async function submit(values: EditCategoryOutput) {
    clearAlert();
    const result = await updateCategory({ ...values, id: category.id });
    if (result.error) {
      showError(result.error);
      return;
    }
    toast.success(successMessage(result.data, MESSAGES.categoryUpdated));
    onDone();
  }

  return (
    <Form noValidate aria-label={`Edit ${category.name}`} onSubmit={form.handleSubmit(submit)} className="flex-grow-1">
      <FormAlert alert={alert} onClose={clearAlert} />
      <TextField label="Name" className="mb-2" autoFocus error={errors.name} {...form.register('name')} />
      <TextField label="Tags" className="mb-2" error={errors.tags} {...form.register('tags')} />
      <div className="d-flex gap-2">
        <SubmitButton busy={isLoading} size="sm">
          Save
        </SubmitButton>
        <Button variant="outline-secondary" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
