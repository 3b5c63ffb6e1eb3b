import { type LoginInput, loginSchema } from '@churchtrades/shared/auth';
import { DEFAULT_REDIRECT_AFTER_LOGIN } from '@churchtrades/shared/constants';
import { waitsForTwoStep } from '@churchtrades/shared/user';
import { zodResolver } from '@hookform/resolvers/zod';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { useLoginMutation } from '../api/auth-api';
import { useFinishLogin } from '../hooks/use-finish-login';

/** E-mail and password. A user with two-step verification goes on to the code (`onTwoStep`). */
export function LoginForm({ onTwoStep }: { onTwoStep: (userId: string) => void }) {
  const [login, { isLoading }] = useLoginMutation();
  const finishLogin = useFinishLogin(DEFAULT_REDIRECT_AFTER_LOGIN);
  const { alert, clearAlert, showError } = useFormAlert();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  async function submit(values: LoginInput) {
    clearAlert();
    const result = await login(values);
    if (result.error) {
      showError(result.error);
      return;
    }
    const { user, message } = result.data;
    if (waitsForTwoStep(user)) onTwoStep(user.userId);
    else finishLogin({ user, message });
  }

  return (
    <Form noValidate onSubmit={handleSubmit(submit)}>
      <FormAlert alert={alert} onClose={clearAlert} />
      <TextField label="Email address" type="email" autoComplete="username" error={errors.email} {...register('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
        {...register('password')}
      />
      <SubmitButton busy={isLoading} className="w-100">
        Login
      </SubmitButton>
    </Form>
  );
}
