import { MESSAGES } from '@churchtrades/shared/messages';
import type { SessionView } from '@churchtrades/shared/sessions';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heldAnswer } from '../../../testing/api-server';
import { makeUser } from '../../../testing/user-factory';
import { renderAccount } from '../testing/render-account';

const THIS_DEVICE: SessionView = {
  sessionId: 'aaaaaaaaaaaaaaaaaaaaaa',
  device: 'Firefox on Windows',
  network: '203.0.113.7',
  createdAt: '2026-03-01T00:00:00.000Z',
  lastSeenAt: '2026-03-02T09:30:00.000Z',
  current: true,
};
const PHONE: SessionView = {
  sessionId: 'bbbbbbbbbbbbbbbbbbbbbb',
  device: 'Safari on iPhone',
  network: '2001:db8:5:6::/64',
  createdAt: '2026-02-27T00:00:00.000Z',
  lastSeenAt: '2026-03-01T18:05:00.000Z',
  current: false,
};

function sessionsAnswer(sessions: SessionView[]) {
  return { data: { sessions } };
}

describe('SessionsPage', () => {
  it('lists each session with its device, network and last use, and marks this device', async () => {
    renderAccount('/account/sessions', makeUser(), { 'GET /api/user/sessions': sessionsAnswer([THIS_DEVICE, PHONE]) });

    const list = await screen.findByRole('list', { name: 'Sessions' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Firefox on Windows');
    expect(first).toHaveTextContent('This device');
    expect(first).toHaveTextContent('Network 203.0.113.7');
    expect(first).toHaveTextContent('Last seen 2 Mar 2026');
    expect(within(first!).queryByRole('button')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Safari on iPhone');
    expect(second).toHaveTextContent('Network 2001:db8:5:6::/64');
    expect(second).not.toHaveTextContent('This device');
    expect(within(second!).getByRole('button', { name: /^Log out Safari on iPhone, last seen/ })).toBeEnabled();
  });

  it('logs out everywhere else, says so, and reads the list again', async () => {
    let listed = [THIS_DEVICE, PHONE];
    const held = heldAnswer();
    const { user, server } = renderAccount('/account/sessions', makeUser(), {
      'GET /api/user/sessions': () => sessionsAnswer(listed),
      'DELETE /api/user/sessions/others': async () => {
        const reply = await held.answer();
        listed = [THIS_DEVICE];
        return reply;
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Log out everywhere else' }));
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    held.release({ message: MESSAGES.otherSessionsEnded });

    expect(await screen.findByText(MESSAGES.otherSessionsEnded)).toBeInTheDocument();
    expect(server.calls('DELETE /api/user/sessions/others')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Log out everywhere else' })).toBeDisabled();
    expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument();
  });

  it('ends the one session chosen, by its id', async () => {
    const { user, server } = renderAccount('/account/sessions', makeUser(), {
      'GET /api/user/sessions': sessionsAnswer([THIS_DEVICE, PHONE]),
      'DELETE /api/user/sessions/bbbbbbbbbbbbbbbbbbbbbb': { message: MESSAGES.sessionEnded },
    });

    await user.click(await screen.findByRole('button', { name: /^Log out Safari on iPhone/ }));

    expect(await screen.findByText(MESSAGES.sessionEnded)).toBeInTheDocument();
    expect(server.calls('DELETE /api/user/sessions/bbbbbbbbbbbbbbbbbbbbbb')).toHaveLength(1);
  });

  it("shows the server's refusal in a red alert", async () => {
    const { user } = renderAccount('/account/sessions', makeUser(), {
      'GET /api/user/sessions': sessionsAnswer([THIS_DEVICE, PHONE]),
      'DELETE /api/user/sessions/bbbbbbbbbbbbbbbbbbbbbb': { status: 404, message: MESSAGES.sessionNotFound },
    });

    await user.click(await screen.findByRole('button', { name: /^Log out Safari on iPhone/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.sessionNotFound);
  });

  it('has nothing to log out when this device is the only session', async () => {
    renderAccount('/account/sessions', makeUser(), { 'GET /api/user/sessions': sessionsAnswer([THIS_DEVICE]) });

    expect(await screen.findByRole('button', { name: 'Log out everywhere else' })).toBeDisabled();
  });
});
