import { MESSAGES } from '@churchtrades/shared/messages';
import { grantableRoles } from '@churchtrades/shared/permissions';
import type { Role } from '@churchtrades/shared/roles';
import { REAL_STATES } from '@churchtrades/shared/states';
import {
  type UpdateRoleFormValues,
  type UpdateRoleInput,
  updateRoleSchema,
  type UserAdmin,
} from '@churchtrades/shared/user-admin';
import { zodResolver } from '@hookform/resolvers/zod';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../../components/form/form-alert';
import { SelectField } from '../../../../components/form/select-field';
import { SubmitButton } from '../../../../components/form/submit-button';
import { useFormAlert } from '../../../../components/form/use-form-alert';
import { successMessage } from '../../../../lib/api-error';
import { useUpdateRoleMutation } from '../api/users-api';

/**
 * The user's role, chosen among the roles the viewer may give (never above their own; ADMIN and up by a
 * SUPER only). A governor governs one state, chosen beside the role.
 */
export function RoleForm({ user, viewerRole }: { user: UserAdmin; viewerRole: Role }) {
  const [updateRole, { isLoading }] = useUpdateRoleMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const form = useForm<UpdateRoleFormValues, unknown, UpdateRoleInput>({
    resolver: zodResolver(updateRoleSchema),
    // SELECT is "no role": the select then starts on no choice.
    defaultValues: {
      userId: user.userId,
      role: user.role === 'SELECT' ? undefined : user.role,
      governedState: user.governedState ?? '',
    },
  });
  const governor = useWatch({ control: form.control, name: 'role' }) === 'GOVERNOR';

  async function submit(values: UpdateRoleInput) {
    clearAlert();
    const result = await updateRole(values);
    if (result.error) showError(result.error);
    else toast.success(successMessage(result.data.message, MESSAGES.roleUpdated));
  }

  return (
    <Card>
      <Card.Body>
        <h3 className="h5">Role</h3>
        <Form noValidate onSubmit={form.handleSubmit(submit)}>
          <FormAlert alert={alert} onClose={clearAlert} />
          <SelectField label="Role" error={form.formState.errors.role} {...form.register('role')}>
            {grantableRoles(viewerRole).map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </SelectField>
          {governor && (
            <SelectField
              label="Governed state"
              error={form.formState.errors.governedState}
              {...form.register('governedState')}
            >
              <option value="">{MESSAGES.chooseState}</option>
              {REAL_STATES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </SelectField>
          )}
          <SubmitButton busy={isLoading}>Change role</SubmitButton>
        </Form>
      </Card.Body>
    </Card>
  );
}
