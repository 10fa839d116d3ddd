import { supportMailBody } from '@stashblog/contract/mail';
import { specTexts } from '@stashblog/contract/spec-texts';
import { describe, expect, it } from 'vitest';
import { checkSupport, type SupportValues } from './support-rules';

const filled: SupportValues = { name: 'Asha', subject: '', message: 'Hello', email: 'asha@example.com' };
const guard = { website: '', challenge: 'MTcwMDAwMDAwMDAwMC5zdXBwb3J0LmE.c2ln', idempotencyKey: '0190a8f2-8a4e-7cc1-a7b2-6b0f2b0c1d2e' };

describe('support form rules (SPEC §5)', () => {
  it('names Name first, then Message, then Email', () => {
    expect(Object.values(checkSupport({ name: ' ', subject: 'x', message: '', email: '' }))).toEqual([
      specTexts.contactNameRequired,
      specTexts.contactMessageRequired,
      specTexts.contactEmailRequired,
    ]);
    expect(Object.values(checkSupport({ ...filled, message: '  ', email: '' }))[0]).toBe(specTexts.contactMessageRequired);
    expect(checkSupport({ ...filled, email: '' })).toEqual({ email: specTexts.contactEmailRequired });
  });

  it('accepts a filled form with or without a subject', () => {
    expect(checkSupport(filled)).toEqual({});
    expect(checkSupport({ ...filled, subject: 'Billing' })).toEqual({});
  });

  it('agrees with the server contract on what is sendable', () => {
    const cases: SupportValues[] = [
      filled,
      { ...filled, name: '' },
      { ...filled, message: '   ' },
      { ...filled, email: '' },
      { ...filled, email: 'not-an-email' },
      { ...filled, email: 'a@b' },
      { ...filled, email: 'first.last+tag@mail.example.co.in' },
      { ...filled, email: '.dot@example.com' },
      { ...filled, email: 'two..dots@example.com' },
      { ...filled, email: ' spaced@example.com ' },
      { ...filled, email: 'ü@example.com' },
    ];
    for (const values of cases) {
      const page = checkSupport(values);
      const server = supportMailBody.safeParse({ ...values, ...guard });
      expect({ values, ok: Object.keys(page).length === 0 }).toEqual({ values, ok: server.success });
      if (!server.success) expect(Object.values(page)[0]).toBe(server.error.issues[0]?.message);
    }
  });
});
