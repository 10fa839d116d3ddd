import { displayNameTexts, toBusinessName } from '@stashblog/contract/business';
import { onboardingTexts } from '@stashblog/contract/onboarding';
import { specTexts } from '@stashblog/contract/spec-texts';
import { describe, expect, it } from 'vitest';
import { type SignUpFlowForm, signUpFlowForm } from './sign-up-flow-form';

const valid: SignUpFlowForm = {
  plan: 'Pro',
  name: 'Asha',
  email: 'asha@shop.test',
  password: 'clay-and-fire',
  confirmPassword: 'clay-and-fire',
  phoneNo: '',
  address: '',
  displayName: 'Asha Crafts',
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
    expect(firstError({ businessName: 'signin' }).businessName).toBe('That site address is reserved');
    expect(firstError({ displayName: '  ' }).displayName).toBe(displayNameTexts.required);
    expect(firstError({ displayName: 'x'.repeat(81) }).displayName).toBe(displayNameTexts.tooLong(80));
    expect(firstError({ businessName: '' }).businessName).toBe(onboardingTexts.businessNameRequired);
    expect(firstError({ phoneNo: '12345' }).phoneNo).toBe(onboardingTexts.phoneInvalid);
  });

  it('makes a site address of what people type, dropping what an address cannot keep', () => {
    expect(toBusinessName('Asha Crafts & Co.')).toBe('asha-crafts-co');
    expect(toBusinessName('  Café Délice ')).toBe('cafe-delice');
    expect(toBusinessName('Lotus Handicrafts')).toBe('lotus-handicrafts');
    // while typing, a trailing hyphen stays so the next word can follow; on leaving the field it goes
    expect(toBusinessName('lotus ', { typing: true })).toBe('lotus-');
    expect(toBusinessName('Lotus_!!Hand', { typing: true })).toBe('lotus-hand');
    // a character an address cannot keep is dropped where it was typed, not made a hyphen
    expect(toBusinessName('ibrass-lam!ps', { typing: true })).toBe('ibrass-lamps');
    expect(toBusinessName("Meera's Crafts & Co.")).toBe('meeras-crafts-co');
    expect(toBusinessName('lotus-')).toBe('lotus');
  });

  it('keeps the business name as written, one space between words', () => {
    const r = signUpFlowForm.safeParse({ ...valid, displayName: '  Lotus   Handicrafts & Co. ' });
    expect(r.success && r.data.displayName).toBe('Lotus Handicrafts & Co.');
  });
});
