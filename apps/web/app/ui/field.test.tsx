import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from './field';

afterEach(cleanup);

describe('Field', () => {
  it('labels its input, and ties its message to it as an announced description', () => {
    render(<Field label="Email" type="email" error="Email is required!" />);
    const input = screen.getByLabelText('Email');
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Email is required!');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('describes the field by its hint while there is no message, and by the message instead of it', () => {
    const { rerender } = render(<Field label="Private link" hint={<span>8 letters or digits</span>} />);
    const input = screen.getByLabelText('Private link');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('8 letters or digits');
    expect(screen.queryByRole('alert')).toBeNull();

    rerender(<Field label="Private link" hint={<span>8 letters or digits</span>} error="Private link is required!" />);
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Private link is required!');
    expect(screen.queryByText('8 letters or digits')).toBeNull();
  });

  it('is a textarea when given rows, and keeps what sits before and beside it', () => {
    render(
      <>
        <Field label="Message" rows={5} />
        <Field label="Phone Number" prefix="+91" after={<button type="button">Show</button>} />
      </>,
    );
    const message = screen.getByLabelText('Message');
    expect(message.tagName).toBe('TEXTAREA');
    expect(message.getAttribute('rows')).toBe('5');
    const phone = screen.getByLabelText('Phone Number');
    expect(phone.parentElement?.textContent).toBe('+91');
    expect(screen.getByRole('button', { name: 'Show' })).toBeTruthy();
  });
});
