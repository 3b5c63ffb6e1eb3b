import { CHURCH_ROLES, churchMembershipSchema } from '@churchtrades/shared/church-admin';
import { MESSAGES } from '@churchtrades/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { FormAlert } from '../../../../components/form/form-alert';
import { SubmitButton } from '../../../../components/form/submit-button';
import { SelectField } from '../../../../components/form/select-field';
import { TextField } from '../../../../components/form/text-field';
import { useFormAlert } from '../../../../components/form/use-form-alert';
import { successMessage } from '../../../../lib/api-error';
import { useAddChurchMemberMutation } from '../api/church-admin-api';
import { CHURCH_ROLE_NAMES } from './church-members';

// The church is the page's; the form asks for the rest.
const memberFormSchema = churchMembershipSchema.omit({ churchId: true });
type MemberFormValues = z.input<typeof memberFormSchema>;
type MemberFormOutput = z.output<typeof memberFormSchema>;

const EMPTY_MEMBER: MemberFormValues = { email: '', churchRole: 'PRIEST' };

/** "Add by email": the user with this e-mail serves the church as its priest or a moderator. */
export function AddMemberForm({ churchId }: { churchId: string }) {
  const [addMember, { isLoading }] = useAddChurchMemberMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const form = useForm<MemberFormValues, unknown, MemberFormOutput>({
    resolver: zodResolver(memberFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY_MEMBER,
  });
  const { errors } = form.formState;

  async function submit(values: MemberFormOutput) {
    clearAlert();
    const result = await addMember({ ...values, churchId });
    if (result.error) {
      showError(result.error);
      return;
    }
    form.reset(EMPTY_MEMBER);
    toast.success(successMessage(result.data, MESSAGES.memberAdded));
  }

  return (
    <Card as="section" aria-labelledby="add-member-heading">
      <Card.Body>
        <h3 id="add-member-heading" className="h5 mb-3">
          Add by email
        </h3>
        <Form noValidate onSubmit={form.handleSubmit(submit)}>
          <FormAlert alert={alert} onClose={clearAlert} />
          <Row className="g-2 align-items-start">
            <Col md={6}>
              <TextField
                label="Email"
                type="email"
                autoComplete="off"
                error={errors.email}
                {...form.register('email')}
              />
            </Col>
            <Col md={3}>
              <SelectField label="Church role" error={errors.churchRole} {...form.register('churchRole')}>
                {CHURCH_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {CHURCH_ROLE_NAMES[role].one}
                  </option>
                ))}
              </SelectField>
            </Col>
            <Col md={3} className="pt-md-4 mt-md-2">
              <SubmitButton busy={isLoading} className="w-100">
                Add
              </SubmitButton>
            </Col>
          </Row>
        </Form>
      </Card.Body>
    </Card>
  );
}
