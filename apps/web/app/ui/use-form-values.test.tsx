import { supportMailBody } from '@stashblog/contract/mail';
import { specTexts } from '@stashblog/contract/spec-texts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from './field';
import { errorsFromIssues, useFormValues } from './use-form-values';

afterEach(cleanup);

type Values = { name: string; subject: string; message: string; email: string };
const empty: Values = { name: '', subject: '', message: '', email: '' };
const sent: Values[] = [];

// A public form as the storefront and marketing pages write one (they load the contract schema on first use).
function SupportLike() {
  const form = useFormValues<Values>(empty);
  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = supportMailBody.safeParse({ ...form.current(), idempotencyKey: crypto.randomUUID() });
    if (!parsed.success) return form.showErrors(errorsFromIssues(parsed.error.issues));
    sent.push(form.current());
    form.reset();
  }
  return (
    <form noValidate onSubmit={submit}>
      <Field label="Name" {...form.field('name')} />
      <Field label="Subject (optional)" {...form.field('subject')} />
      <Field label="Message" rows={6} {...form.field('message')} />
      <Field label="Contact email" type="email" {...form.field('email', { map: (v) => v.replace(/\s/g, '') })} />
      <button type="submit">Submit</button>
    </form>
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('useFormValues (public forms)', () => {
  it('shows the contract messages under their fields, focuses the first, and clears each as its field is corrected', async () => {
    render(<SupportLike />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(specTexts.contactNameRequired)).toBeTruthy();
    expect(alerts()).toEqual([specTexts.contactNameRequired, specTexts.contactMessageRequired, specTexts.contactEmailRequired]);
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));

    type('Name', 'Asha');
    expect(alerts()).toEqual([specTexts.contactMessageRequired, specTexts.contactEmailRequired]);
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
    // editing another field leaves the rest standing
    type('Subject (optional)', 'Billing');
    expect(alerts()).toEqual([specTexts.contactMessageRequired, specTexts.contactEmailRequired]);
    type('Message', 'Hello');
    type('Contact email', 'asha@example');
    expect(alerts()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(alerts()).toEqual([specTexts.contactEmailInvalid]);
    expect(document.activeElement).toBe(screen.getByLabelText('Contact email'));
  });

  it('sends what the fields hold (mapped as asked) and empties them after', async () => {
    sent.length = 0;
    render(<SupportLike />);
    type('Name', 'Asha');
    type('Message', 'Hello');
    type('Contact email', ' asha@example.com ');
    expect((screen.getByLabelText('Contact email') as HTMLInputElement).value).toBe('asha@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(sent).toEqual([{ name: 'Asha', subject: '', message: 'Hello', email: 'asha@example.com' }]);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });
});

describe('errorsFromIssues', () => {
  it('keeps the contract schema’s first message per field, in SPEC order (support form: Name, Message, Email)', () => {
    const parsed = supportMailBody.safeParse({
      name: ' ',
      message: '',
      email: 'not-an-email',
      subject: '',
      idempotencyKey: crypto.randomUUID(),
    });
    expect(parsed.success).toBe(false);
    const errors = errorsFromIssues(parsed.error?.issues ?? []);
    expect(Object.entries(errors)).toEqual([
      ['name', specTexts.contactNameRequired],
      ['message', specTexts.contactMessageRequired],
      ['email', specTexts.contactEmailInvalid],
    ]);
  });

  it('files an issue under another name when asked, and only the first per name', () => {
    const issues = [
      { path: ['fkProductId'], message: 'Pick a product' },
      { path: ['fkProductId'], message: 'second' },
      { path: ['email', 0], message: 'Email is required!' },
    ];
    expect(errorsFromIssues(issues, { fkProductId: 'products' })).toEqual({ products: 'Pick a product', email: 'Email is required!' });
  });
});
