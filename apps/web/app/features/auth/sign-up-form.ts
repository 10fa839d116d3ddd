import { messages } from '@stashblog/contract/messages';
import { z } from 'zod';

// SPEC §5 sign-up is local only: it validates and says 'Signed Up!', nothing is sent.
export const signUpForm = z
  .object({
    name: z.string().trim().min(1, messages.contactNameRequired),
    email: z.string().trim().min(1, messages.signInEmailRequired),
    password: z.string().trim().min(1, messages.signInPasswordRequired),
    confirmPassword: z.string().trim().min(1, messages.reenterNewPassword),
  })
  .refine((v) => v.password.trim() === v.confirmPassword.trim(), { message: messages.signUpPasswordMismatch, path: ['confirmPassword'] });
export type SignUpForm = z.input<typeof signUpForm>;
