import { supportMailBody } from '@stashblog/contract/mail';
import { messages } from '@stashblog/contract/messages';
import { describe, expect, it } from 'vitest';
import { errorsFromIssues } from './form-errors';

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
      ['name', messages.contactNameRequired],
      ['message', messages.contactMessageRequired],
      ['email', messages.contactEmailInvalid],
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
