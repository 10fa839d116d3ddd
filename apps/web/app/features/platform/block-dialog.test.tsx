import { platformTexts } from '@stashblog/contract/platform';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlockDialog } from './block-dialog';

afterEach(cleanup);

// The workspace forms' pattern (react-hook-form with a schema whose messages come from the contract),
// on a form with no request of its own.
describe('BlockDialog', () => {
  it('asks for a reason to block, clears the message once one is typed, and confirms it trimmed', async () => {
    const onConfirm = vi.fn();
    render(<BlockDialog target={{ kind: 'Product', name: 'brass lamp', isBlocked: false }} onCancel={() => {}} onConfirm={onConfirm} />);
    const reason = screen.getByLabelText('Reason');
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    expect((await screen.findByRole('alert')).textContent).toBe(platformTexts.reasonRequired);
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.change(reason, { target: { value: '  counterfeit  ' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(reason.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('counterfeit'));
  });

  it('unblocks without a reason', async () => {
    const onConfirm = vi.fn();
    render(<BlockDialog target={{ kind: 'User', name: 'lotus', isBlocked: true }} onCancel={() => {}} onConfirm={onConfirm} />);
    expect(screen.getByLabelText('Reason (optional)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith(''));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
