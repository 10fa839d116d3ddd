import { randomUUID } from 'node:crypto';
import { antiSpam, type PublicForm } from '@stashblog/contract/anti-spam';
import { issueChallenge } from '../src/modules/anti-spam/anti-spam.service.ts';
import { testSecret } from './test-app.ts';

/** What a test app checks a challenge against (createTestApp's SECRET, the default lifetime). */
export const testChallengeConfig = { secret: testSecret, formChallengeTtlMs: antiSpam.challengeTtlSeconds * 1000 };

/** A challenge for `form` as the page got it `openedMsAgo` ago (a person's form: open a few seconds). */
export function challengeFor(form: PublicForm, openedMsAgo = antiSpam.minFillMs + 3000) {
  return issueChallenge(testChallengeConfig, { form, now: Date.now() - openedMsAgo }).challenge;
}

/** The anti-spam fields a person's browser sends for `form`: honeypot empty, a challenge got when the form opened, a fresh key. */
export function human(form: PublicForm, extra: { challenge?: string; idempotencyKey?: string; website?: string } = {}) {
  return { website: '', challenge: challengeFor(form), idempotencyKey: randomUUID(), ...extra };
}
