import { categoryCreateSchema } from '@churchtrades/shared/category-admin';
import { MESSAGES } from '@churchtrades/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { FormAlert } from '../../../../components/form/form-alert';
import { SubmitButton } from '../../../../components/form/submit-button';
import { TextField } from '../../../../components/form/text-field';
import { useFormAlert } from '../../../../components/form/use-form-alert';
import { successMessage } from '../../../../lib/api-error';
import { useCreateCategoryMutation } from '../api/category-admin-api';

// The parent is where the form stands; the form asks for the rest.
const newCategorySchema = categoryCreateSchema.omit({ parentId: true });
type NewCategoryValues = z.input<typeof newCategorySchema>;
type NewCategoryOutput = z.output<typeof newCategorySchema>;

const EMPTY_CATEGORY: NewCategoryValues = { name: '', tags: '' };

interface NewCategoryFormProps {
  /** -1 for a main category, else the main category the new one goes under (placed last). */
  parentId: number;
  /** Names the form and its button: 'Create main category', 'Create sub category of Plumbing'. */
  title: string;
}

/** A new category: its name and tags. */
export function NewCategoryForm({ parentId, title }: NewCategoryFormProps) {
  const [createCategory, { isLoading }] = useCreateCategoryMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const form = useForm<NewCategoryValues, unknown, NewCategoryOutput>({
    resolver: zodResolver(newCategorySchema),
    mode: 'onTouched',
    defaultValues: EMPTY_CATEGORY,
  });
  const { errors } = form.formState;

  async function submit(values: NewCategoryOutput) {
    clearAlert();
    const result = await createCategory({ ...values, parentId });
    if (result.error) {
      showError(result.error);
      return;
    }
    form.reset(EMPTY_CATEGORY);
    toast.success(successMessage(result.data, MESSAGES.categoryCreated));
  }

  return (
    <Form noValidate aria-label={title} onSubmit={form.handleSubmit(submit)}>
      <FormAlert alert={alert} onClose={clearAlert} />
      <Row className="g-2 align-items-start">
        <Col md={4}>
          <TextField label="Name" className="mb-0" error={errors.name} {...form.register('name')} />
        </Col>
        <Col md={5}>
          <TextField
            label="Tags"
            className="mb-0"
            hint="Words a search should also find it by"
            error={errors.tags}
            {...form.register('tags')}
          />
        </Col>
        <Col md={3} className="pt-md-4 mt-md-2">
          <SubmitButton busy={isLoading} className="w-100" aria-label={title}>
            Create
          </SubmitButton>
        </Col>
      </Row>
    </Form>
  );
}
