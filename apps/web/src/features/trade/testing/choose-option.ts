import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Picks an option of a labelled select once both are there: forms and options often wait for the server. */
export async function chooseOption(user: UserEvent, label: string, option: string): Promise<void> {
  const select = await screen.findByLabelText(label);
  await user.selectOptions(select, await within(select).findByRole('option', { name: option }));
}

/** The texts of a labelled select's options, in order. */
export function optionsOf(label: string): string[] {
  return within(screen.getByLabelText(label)).getAllByRole('option').map((option) => option.textContent ?? '');
}
