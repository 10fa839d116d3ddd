import { onboardingTexts } from '@stashblog/contract/onboarding';
import { specTexts } from '@stashblog/contract/spec-texts';
import { describe, expect, it } from 'vitest';
import { type SignUpFlowForm, signUpFlowForm, suggestBusinessName } from './sign-up-flow-form';

const valid: SignUpFlowForm = {
  plan: 'Pro',
  name: 'Asha',
  email: 'asha@shop.test',
  password: 'clay-and-fire',
  confirmPassword: 'clay-and-fire',
  phoneNo: '',
  address: '',
  businessName: 'asha-crafts',
};

function firstError(over: Partial<SignUpFlowForm>): Record<string, string> {
  const r = signUpFlowForm.safeParse({ ...valid, ...over });
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('sign-up flow form', () => {
  it('accepts a complete form', () => {
    expect(signUpFlowForm.safeParse(valid).success).toBe(true);
  });

  it('keeps the SPEC sign-up messages and adds the business rules', () => {
    expect(firstError({ name: ' ' }).name).toBe(specTexts.contactNameRequired);
    expect(firstError({ confirmPassword: 'other-pass-1' }).confirmPassword).toBe(specTexts.signUpPasswordMismatch);
    expect(firstError({ password: 'short', confirmPassword: 'short' }).password).toBe(onboardingTexts.passwordShort);
    expect(firstError({ businessName: 'Asha Crafts' }).businessName).toMatch(/lowercase/);
    expect(firstError({ businessName: 'signin' }).businessName).toBe('That business name is reserved');
    expect(firstError({ businessName: '' }).businessName).toBe(onboardingTexts.businessNameRequired);
    expect(firstError({ phoneNo: '12345' }).phoneNo).toBe(onboardingTexts.phoneInvalid);
  });

  it('suggests a URL-safe business name from what people type', () => {
    expect(suggestBusinessName('Asha Crafts & Co.')).toBe('asha-crafts-co');
    expect(suggestBusinessName('  Café Délice ')).toBe('cafe-delice');
  });
});
