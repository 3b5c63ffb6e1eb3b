import { categoryInUseMessage } from '@churchtrades/shared/category-admin';
import { MESSAGES } from '@churchtrades/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { heldAnswer, type Route } from '../../../../testing/api-server';
import { makeManagedCategory } from '../../testing/admin-factory';
import { renderAdmin } from '../../testing/render-admin';

const PLUMBING = makeManagedCategory(1, 'Plumbing & Gas', [
  [11, 'Plumber', 3],
  [12, 'Gas fitter', 0],
  [13, 'Drainer', 1],
]);
const ELECTRICAL = makeManagedCategory(2, 'Electrical', [[21, 'Electrician', 2]], { tags: 'power wiring' });
const GARDENING = makeManagedCategory(3, 'Gardening');

function renderCategories(routes: Record<string, Route> = {}, categories = [PLUMBING, ELECTRICAL, GARDENING]) {
  return renderAdmin('/admin/categories', {
    routes: { 'GET /api/category/manage': { data: { categories } }, ...routes },
  });
}

async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

const mainCard = (name: string) => screen.getByRole('region', { name });
/** The sub categories of a main category, in the order shown (read from their Edit buttons). */
const subNames = (main: string) =>
  within(screen.getByRole('list', { name: `Sub categories of ${main}` }))
    .getAllByRole('button', { name: /^Edit / })
    .map((button) => button.getAttribute('aria-label')?.replace(/^Edit /, ''));
const mainNames = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('CategoriesPage', () => {
  it('shows each main category with its sub categories in order, their businesses and tags', async () => {
    renderCategories();

    expect(await screen.findByRole('heading', { name: 'Plumbing & Gas' })).toBeInTheDocument();
    expect(mainNames()).toEqual(['New main category', 'Plumbing & Gas', 'Electrical', 'Gardening']);
    expect(subNames('Plumbing & Gas')).toEqual(['Plumber', 'Gas fitter', 'Drainer']);
    const plumbing = mainCard('Plumbing & Gas');
    expect(within(plumbing).getByText('4 businesses')).toBeInTheDocument();
    expect(within(plumbing).getByText('3 businesses')).toBeInTheDocument();
    expect(within(plumbing).getByText('1 business')).toBeInTheDocument();
    expect(within(mainCard('Electrical')).getByText('Tags: power wiring')).toBeInTheDocument();
    expect(within(mainCard('Gardening')).getByText('No sub categories yet.')).toBeInTheDocument();
  });

  it('creates a main category last among the main ones, and reloads the lists', async () => {
    const { user, server } = renderCategories({
      'POST /api/category/create': { status: 201, message: MESSAGES.categoryCreated },
    });
    await screen.findByRole('heading', { name: 'Plumbing & Gas' });
    const form = screen.getByRole('form', { name: 'Create main category' });

    await fill(user, within(form).getByLabelText('Name'), 'Cleaning');
    await fill(user, within(form).getByLabelText('Tags'), ' carpets windows ');
    await user.click(within(form).getByRole('button', { name: 'Create main category' }));

    expect(await screen.findByText(MESSAGES.categoryCreated)).toBeInTheDocument();
    expect(server.calls('POST /api/category/create').map(({ body }) => body)).toEqual([
      { name: 'Cleaning', tags: 'carpets windows', parentId: -1 },
    ]);
    await waitFor(() => expect(server.calls('GET /api/category/manage')).toHaveLength(2));
    expect(within(form).getByLabelText('Name')).toHaveValue('');
  });

  it('creates a sub category under its main category', async () => {
    const { user, server } = renderCategories({
      'POST /api/category/create': { status: 201, message: MESSAGES.categoryCreated },
    });
    const form = await screen.findByRole('form', { name: 'Create sub category of Electrical' });

    await fill(user, within(form).getByLabelText('Name'), 'Solar installer');
    await user.click(within(form).getByRole('button', { name: 'Create sub category of Electrical' }));

    expect(await screen.findByText(MESSAGES.categoryCreated)).toBeInTheDocument();
    expect(server.calls('POST /api/category/create').map(({ body }) => body)).toEqual([
      { name: 'Solar installer', tags: '', parentId: 2 },
    ]);
  });

  it('refuses a category without a name, without sending it', async () => {
    const { user, server } = renderCategories();
    const form = await screen.findByRole('form', { name: 'Create main category' });

    await user.click(within(form).getByRole('button', { name: 'Create main category' }));

    expect(await within(form).findByText(MESSAGES.categoryNameRequired)).toBeInTheDocument();
    expect(server.calls('POST /api/category/create')).toHaveLength(0);
  });

  it('edits a name and tags in place', async () => {
    const { user, server } = renderCategories({
      'PATCH /api/category/update': { message: MESSAGES.categoryUpdated },
    });

    await user.click(await screen.findByRole('button', { name: 'Edit Gas fitter' }));
    const form = screen.getByRole('form', { name: 'Edit Gas fitter' });
    expect(within(form).getByLabelText('Name')).toHaveValue('Gas fitter');
    await fill(user, within(form).getByLabelText('Name'), 'Gasfitter');
    await fill(user, within(form).getByLabelText('Tags'), 'lpg');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.categoryUpdated)).toBeInTheDocument();
    expect(server.calls('PATCH /api/category/update').map(({ body }) => body)).toEqual([
      { id: 12, name: 'Gasfitter', tags: 'lpg' },
    ]);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Gas fitter' })).not.toBeInTheDocument());
  });

  it('deletes a category only once the deletion is confirmed', async () => {
    const { user, server } = renderCategories({
      'PATCH /api/category/delete': { message: MESSAGES.categoryDeleted },
    });

    await user.click(await screen.findByRole('button', { name: 'Delete Gas fitter' }));
    expect(server.calls('PATCH /api/category/delete')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Yes, delete Gas fitter' }));

    expect(await screen.findByText(MESSAGES.categoryDeleted)).toBeInTheDocument();
    expect(server.calls('PATCH /api/category/delete').map(({ body }) => body)).toEqual([{ id: 12 }]);
  });

  it("shows the server's refusal to delete a category in use", async () => {
    const { user } = renderCategories({
      'PATCH /api/category/delete': { status: 409, message: categoryInUseMessage(3) },
    });

    await user.click(await screen.findByRole('button', { name: 'Delete Plumber' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete Plumber' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This category is used by 3 businesses. Move them to another category first.',
    );
    expect(subNames('Plumbing & Gas')).toEqual(['Plumber', 'Gas fitter', 'Drainer']);
  });

  it('moves a sub category up by sending its siblings in their new order', async () => {
    const { user, server } = renderCategories({
      'PATCH /api/category/reorder': { message: MESSAGES.categoriesReordered },
    });

    expect(await screen.findByRole('button', { name: 'Move Plumber up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Drainer down' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Drainer up' }));

    expect(await screen.findByText(MESSAGES.categoriesReordered)).toBeInTheDocument();
    expect(server.calls('PATCH /api/category/reorder').map(({ body }) => body)).toEqual([
      { parentId: 1, ids: [11, 13, 12] },
    ]);
  });

  it('moves a main category down, showing the new order while the server saves it', async () => {
    const held = heldAnswer();
    const { user, server } = renderCategories({
      'PATCH /api/category/reorder': async () => {
        await held.answer();
        return { status: 409, message: MESSAGES.categoryOrderIncomplete };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Move Plumbing & Gas down' }));

    // The answer is held, so the new order shows before it; on a busy machine, a render or two after the click.
    await waitFor(() =>
      expect(mainNames()).toEqual(['New main category', 'Electrical', 'Plumbing & Gas', 'Gardening']),
    );
    expect(server.calls('PATCH /api/category/reorder').map(({ body }) => body)).toEqual([
      { parentId: -1, ids: [2, 1, 3] },
    ]);
    held.release();
    // Refused: the categories go back to where the server holds them.
    expect(await screen.findByText(MESSAGES.categoryOrderIncomplete)).toBeInTheDocument();
    await waitFor(() =>
      expect(mainNames()).toEqual(['New main category', 'Plumbing & Gas', 'Electrical', 'Gardening']),
    );
  });
});

