import { screen } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The form's honeypot input, checked to be out of a person's way: off-screen (not display:none, which robots
 * skip), out of the tab order, not autofilled, hidden from screen readers.
 */
export function hiddenHoneypot(): HTMLElement {
  const input = screen.getByLabelText('Leave this field empty');
  expect(input).toHaveAttribute('name', 'homepage');
  expect(input).toHaveAttribute('tabindex', '-1');
  expect(input).toHaveAttribute('autocomplete', 'off');
  const wrapper = input.closest('.honeypot-field');
  expect(wrapper).toHaveAttribute('aria-hidden', 'true');
  expect(screen.queryByRole('textbox', { name: 'Leave this field empty' })).not.toBeInTheDocument();
  return input;
}
