import { act, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeChallenge } from '../../testing/fake-proof-of-work';
import type * as ProofOfWorkModule from './proof-of-work';
import type { ProofOfWorkHandle } from './proof-of-work';

// ALTCHA's code defines <altcha-widget> and needs Web Workers, which jsdom lacks: the element stays a plain one here,
// and the test plays the widget's events.
vi.mock('./altcha-setup', () => ({}));
// The other web tests see a stand-in for this widget (testing/setup-tests.ts): this one tests the widget itself.
const { ProofOfWork } = await vi.importActual<typeof ProofOfWorkModule>('./proof-of-work');

async function renderWidget() {
  const handle = createRef<ProofOfWorkHandle>();
  const view = render(<ProofOfWork ref={handle} challenge={makeChallenge('salt-1')} />);
  const widget = await vi.waitFor(() => {
    const element = view.container.querySelector('altcha-widget');
    if (!element) throw new Error('The widget is not shown yet');
    return element;
  });
  expect(screen.queryByText('Loading the robot check…')).not.toBeInTheDocument();
  return { handle, widget };
}

function announce(widget: Element, detail: { state: string; payload?: string }) {
  act(() => {
    widget.dispatchEvent(new CustomEvent('statechange', { detail }));
  });
}

describe('the proof-of-work widget', () => {
  it("hands the server's challenge to the widget as data, to solve when the visitor enters the form", async () => {
    const { widget } = await renderWidget();

    expect(JSON.parse(widget.getAttribute('challenge') ?? '')).toEqual(makeChallenge('salt-1'));
    expect(widget).toHaveAttribute('auto', 'onfocus');
  });

  it('gives the payload of a solved challenge, without solving it again', async () => {
    const { handle, widget } = await renderWidget();
    const verify = vi.fn();
    Object.assign(widget, { verify });

    announce(widget, { state: 'verified', payload: 'payload-1' });

    await expect(handle.current!.solve()).resolves.toBe('payload-1');
    expect(verify).not.toHaveBeenCalled();
  });

  it('solves the challenge when the form is sent before the widget has, and forgets an expired solution', async () => {
    const { handle, widget } = await renderWidget();
    Object.assign(widget, { verify: vi.fn().mockResolvedValue({ payload: 'payload-2' }) });
    announce(widget, { state: 'verified', payload: 'payload-1' });
    announce(widget, { state: 'expired' });

    await expect(handle.current!.solve()).resolves.toBe('payload-2');
  });
});
