import { specTexts } from '@stashblog/contract/spec-texts';
import { z } from 'zod';

// SPEC §5 sign-up is local only: it validates and says 'Signed Up!', nothing is sent.
export const signUpForm = z
  .object({
    name: z.string().trim().min(1, specTexts.contactNameRequired),
    email: z.string().trim().min(1, specTexts.signInEmailRequired),
    password: z.string().trim().min(1, specTexts.signInPasswordRequired),
    confirmPassword: z.string().trim().min(1, specTexts.reenterNewPassword),
  })
  .refine((v) => v.password.trim() === v.confirmPassword.trim(), { message: specTexts.signUpPasswordMismatch, path: ['confirmPassword'] });
export type SignUpForm = z.input<typeof signUpForm>;
