import { displayNameSchema } from '@stashblog/contract/business';
import { businessNameProblem, onboardingTexts } from '@stashblog/contract/onboarding';
import { plans } from '@stashblog/contract/platform';
import { specTexts } from '@stashblog/contract/spec-texts';
import { z } from 'zod';
import { signUpForm } from '../auth/sign-up-form';

// The sign-up form of /getStarted/{planType} and of the /signIn Sign up tab: SPEC §5's sign-up
// fields and messages, plus what creating the business needs (business name and site address, plan,
// password of 8+).
export const signUpFlowForm = z
  .object({
    ...signUpForm.shape,
    plan: z.enum(plans, { error: onboardingTexts.planRequired }),
    phoneNo: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\d{10}$/.test(v), onboardingTexts.phoneInvalid),
    address: z.string().trim().max(500),
    displayName: displayNameSchema,
    businessName: z.string().superRefine((v, ctx) => {
      const problem = businessNameProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  })
  .refine((v) => v.password.trim() === '' || v.password.trim().length >= 8, { message: onboardingTexts.passwordShort, path: ['password'] })
  .refine((v) => v.password.trim() === v.confirmPassword.trim(), { message: specTexts.signUpPasswordMismatch, path: ['confirmPassword'] });
export type SignUpFlowForm = z.input<typeof signUpFlowForm>;
