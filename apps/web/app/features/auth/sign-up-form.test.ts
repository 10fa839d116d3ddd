import { specTexts } from '@stashblog/contract/spec-texts';
import { describe, expect, it } from 'vitest';
import { signUpForm } from './sign-up-form';

const firstMessage = (input: object) => {
  const r = signUpForm.safeParse(input);
  return r.success ? null : r.error.issues.map((i) => i.message);
};

describe('signUpForm (local only)', () => {
  it('requires every field with the SPEC texts', () => {
    expect(firstMessage({ name: '', email: '', password: '', confirmPassword: '' })).toEqual([
      specTexts.contactNameRequired,
      specTexts.signInEmailRequired,
      specTexts.signInPasswordRequired,
      specTexts.reenterNewPassword,
    ]);
  });

  it('refuses a confirmation that differs, after trimming', () => {
    expect(firstMessage({ name: 'A', email: 'a@b.c', password: 'secret1', confirmPassword: 'secret2' })).toEqual([
      specTexts.signUpPasswordMismatch,
    ]);
    expect(firstMessage({ name: 'A', email: 'a@b.c', password: 'secret1 ', confirmPassword: ' secret1' })).toBeNull();
  });
});
