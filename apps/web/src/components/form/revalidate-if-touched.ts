import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * A change handler that re-checks `name` once the user has been through it: a "do not match" under the
 * confirmation must go away when the new password is corrected to match it, not only when the
 * confirmation itself is typed in again.
 */
export function revalidateIfTouched<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'getFieldState' | 'trigger'>,
  name: Path<T>,
) {
  return () => {
    if (form.getFieldState(name).isTouched) void form.trigger(name);
  };
}
