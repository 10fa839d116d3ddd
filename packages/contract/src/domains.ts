import { z } from 'zod';

// Custom domains (SPEC §1: "optionally a custom domain"): the owner asks for one, proves control
// with a DNS TXT record, and only then is it routed. Texts here are our own.
export const domainTexts = {
  invalid: (d: string) => `'${d}' is not a domain name (like shop.example.com)`,
  ownHost: 'That is this site’s own address',
  taken: 'That domain is already used by another business',
  noClaim: 'Set a domain first',
  saved: 'Domain saved: create the DNS record below, then verify',
  removed: 'Custom domain removed',
  verified: 'Domain verified: your storefront now answers on it',
  notVerified: (name: string) =>
    `The TXT record ${name} was not found with the expected value yet. DNS changes can take a while; try again later.`,
  // The owner's domain panel (admin profile page).
  statusVerified: 'Verified',
  statusPending: 'Waiting for verification',
  statusFailed: 'Verification failed',
  copied: (what: string) => `${what} copied to clipboard`,
  copyFailed: 'Could not copy: select the text and copy it yourself',
  confirmRemove: (domain: string) => `Remove ${domain}? Your storefront stops answering on it.`,
} as const;

export const challengePrefix = '_stashblog-challenge';

export const setDomainBody = z.object({ domain: z.string().trim().max(253).default('') });
export const domainStatus = z.object({
  /** The routed (verified) domain. */
  domain: z.string().nullable(),
  claim: z
    .object({
      domain: z.string(),
      verified: z.boolean(),
      checkedAt: z.string().nullable(),
      lastError: z.string().nullable(),
      record: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }),
    })
    .nullable(),
  /** Where the domain's CNAME (or A record) should point. */
  target: z.string(),
});
export type DomainStatus = z.infer<typeof domainStatus>;
export const allowedQuery = z.object({ domain: z.string().trim().max(300).default('') });
