import { MESSAGES } from '@churchtrades/shared/messages';
import { grantableRoles } from '@churchtrades/shared/permissions';
import { REAL_STATES } from '@churchtrades/shared/states';
import {
  isMasterRole,
  type MasterRole,
  type RegisterMasterUserFormValues,
  type RegisterMasterUserInput,
  registerMasterUserSchema,
} from '@churchtrades/shared/user-admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { paths } from '../../../../config/paths';
import { FormAlert } from '../../../../components/form/form-alert';
import { SelectField } from '../../../../components/form/select-field';
import { SubmitButton } from '../../../../components/form/submit-button';
import { TextField } from '../../../../components/form/text-field';
import { useFormAlert } from '../../../../components/form/use-form-alert';
import { successMessage } from '../../../../lib/api-error';
import { useGetProfileQuery } from '../../../../lib/current-user-api';
import { useRegisterMasterUserMutation } from '../api/users-api';
import { type ChurchLink, ChurchLinksPicker } from './church-links-picker';

const ROLE_NAMES: Readonly<Record<MasterRole, string>> = {
  PRIEST: 'Priest',
  MODERATOR: 'Moderator',
  GOVERNOR: 'Governor',
  ADMIN: 'Administrator',
  DEVELOPER: 'Developer',
  SUPER: 'Super',
};

/**
 * `/admin/users/new`: an administrator makes a priest, moderator, governor or administrator, among the roles
 * they may give, with the churches the person serves; the person is e-mailed a link to choose their password.
 */
export function RegisterMasterUserPage() {
  const { data: viewer } = useGetProfileQuery();
  const navigate = useNavigate();
  const [register, { isLoading }] = useRegisterMasterUserMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const [links, setLinks] = useState<ChurchLink[]>([]);
  const form = useForm<RegisterMasterUserFormValues, unknown, RegisterMasterUserInput>({
    resolver: zodResolver(registerMasterUserSchema),
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', governedState: '' },
  });
  const governor = useWatch({ control: form.control, name: 'role' }) === 'GOVERNOR';
  const roles = viewer ? grantableRoles(viewer.role).filter(isMasterRole) : [];

  async function submit(values: RegisterMasterUserInput) {
    clearAlert();
    const priestOf = links.filter((link) => link.churchRole === 'PRIEST').map((link) => link.churchId);
    const moderates = links.filter((link) => link.churchRole === 'MODERATOR').map((link) => link.churchId);
    const result = await register({ ...values, priestOf, moderates });
    if (result.error) {
      showError(result.error);
      return;
    }
    toast.success(successMessage(result.data.message, MESSAGES.masterUserRegistered));
    await navigate(paths.adminUser.getHref(result.data.user.userId));
  }

  return (
    <>
      <title>Register a master user · Users · Administration · ChurchTrades</title>
      <p className="mb-2">
        <Link to={paths.adminUsers.getHref()}>‹ Users</Link>
      </p>
      <h2 className="h4 mb-3">Register a master user</h2>
      <Card>
        <Card.Body>
          <Form noValidate aria-label="Register a master user" onSubmit={form.handleSubmit(submit)}>
            <FormAlert alert={alert} onClose={clearAlert} />
            <Row className="g-3">
              <Col md={6}>
                <TextField label="First name" error={form.formState.errors.firstName} {...form.register('firstName')} />
              </Col>
              <Col md={6}>
                <TextField label="Last name" error={form.formState.errors.lastName} {...form.register('lastName')} />
              </Col>
              <Col md={6}>
                <TextField
                  label="Email address"
                  type="email"
                  autoComplete="off"
                  error={form.formState.errors.email}
                  {...form.register('email')}
                />
              </Col>
              <Col md={6}>
                <TextField label="Phone" type="tel" error={form.formState.errors.phone} {...form.register('phone')} />
              </Col>
              <Col md={6}>
                <SelectField label="Role" error={form.formState.errors.role} {...form.register('role')}>
                  <option value="">{MESSAGES.chooseRole}</option>
                  {roles.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_NAMES[role]}
                    </option>
                  ))}
                </SelectField>
              </Col>
              {governor && (
                <Col md={6}>
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
                </Col>
              )}
            </Row>
            <ChurchLinksPicker links={links} onChange={setLinks} />
            <p className="small text-body-secondary">
              They are emailed a link to choose their password. A new priest or moderator can moderate once an
              administrator has confirmed them.
            </p>
            <SubmitButton busy={isLoading}>Register</SubmitButton>
          </Form>
        </Card.Body>
      </Card>
    </>
  );
}
