import { MESSAGES } from '@churchtrades/shared/messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { heldAnswer } from '../../../testing/api-server';
import { makeUser } from '../../../testing/user-factory';
import { renderTrade } from '../testing/render-trade';
import { makeOwnTrade } from '../testing/trade-dashboard-factory';

async function findCoverCard() {
  const heading = await screen.findByRole('heading', { name: 'Cover picture' });
  return heading.closest('.card') as HTMLElement;
}

describe('the cover picture card', () => {
  it('shows the cover picture at 16:9 beside the logo card', async () => {
    const jane = makeUser();
    const trade = makeOwnTrade(jane, { name: 'Citizen Carpentry', image: '/uploads/covers/citizen.webp' });
    renderTrade('/trade/profile', { user: jane, trade });

    const card = await findCoverCard();
    const picture = within(card).getByRole('img', { name: 'Cover picture of Citizen Carpentry' });
    expect(picture).toHaveAttribute('src', '/uploads/covers/citizen.webp');
    expect(picture).toHaveAttribute('width', '1600');
    expect(picture).toHaveAttribute('height', '900');
    expect(within(card).getByRole('button', { name: 'Change cover picture' })).toBeEnabled();
  });

  it("uploads the chosen picture with the business's id, saying 'Changing ...' meanwhile, and shows it", async () => {
    const held = heldAnswer();
    const jane = makeUser();
    const trade = makeOwnTrade(jane, { image: null });
    const { user, server } = renderTrade('/trade/profile', {
      user: jane,
      trade,
      routes: (stored) => ({
        'PATCH /api/trades/image': async () => {
          await held.answer();
          return stored.change({ image: '/uploads/covers/new.webp' }, MESSAGES.coverPictureUpdated);
        },
      }),
    });
    const card = await findCoverCard();
    expect(within(card).getByRole('img', { name: 'No cover picture yet' })).toBeInTheDocument();
    // What goes into the form data is read where it is made: jsdom's File does not survive Node's multipart encoder.
    const appended = vi.spyOn(FormData.prototype, 'append');
    const picker = within(card).getByLabelText('Change cover picture');
    expect(picker).toHaveAttribute('accept', 'image/*');
    const picture = new File(['cover'], 'cover.jpg', { type: 'image/jpeg' });

    await user.upload(picker, picture);

    expect(await within(card).findByRole('button', { name: 'Changing ...' })).toBeDisabled();
    // The logo's button is not the one busy.
    expect(screen.getByRole('button', { name: 'Change Logo' })).toBeEnabled();
    held.release();
    expect(await screen.findByText(MESSAGES.coverPictureUpdated)).toBeInTheDocument();
    const shown = await within(card).findByRole('img', { name: `Cover picture of ${trade.name}` });
    expect(shown).toHaveAttribute('src', '/uploads/covers/new.webp');
    expect(within(card).getByRole('button', { name: 'Change cover picture' })).toBeEnabled();
    expect(server.calls('PATCH /api/trades/image')).toHaveLength(1);
    expect(appended.mock.calls).toEqual([
      ['tradeId', trade.id],
      ['file', picture],
    ]);
  });

  it("shows the server's refusal in a red alert, and refuses a picture over 5 MB before sending it", async () => {
    const { user, server } = renderTrade('/trade/profile', {
      routes: { 'PATCH /api/trades/image': { status: 415, message: MESSAGES.notAnImage } },
    });
    const card = await findCoverCard();
    const picker = within(card).getByLabelText('Change cover picture');

    await user.upload(picker, new File(['x'], 'cover.png', { type: 'image/png' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(MESSAGES.notAnImage);

    await user.upload(picker, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'large.png', { type: 'image/png' }));
    expect(await within(card).findByText(MESSAGES.imageTooLarge)).toBeInTheDocument();
    expect(server.calls('PATCH /api/trades/image')).toHaveLength(1);
  });

  it('does not let a USER change the cover picture', async () => {
    const reader = makeUser({ role: 'USER' });
    renderTrade('/trade/profile', { user: reader, trade: makeOwnTrade(reader) });

    const card = await findCoverCard();
    expect(within(card).getByRole('button', { name: 'Change cover picture' })).toBeDisabled();
    expect(within(card).getByLabelText('Change cover picture')).toBeDisabled();
  });
});
