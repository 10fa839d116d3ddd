import { z } from 'zod';

// Custom domains (SPEC §1: "optionally a custom domain"): the owner asks for one, proves control
// with a DNS TXT record, points it at us (CNAME, or A/AAAA to our addresses), and only once it
// also serves our challenge over HTTP is it routed. Verified domains are checked again daily.
// Texts here are our own.
export const domainTexts = {
  required: 'Enter a domain name, like shop.example.com',
  invalid: (d: string) => `'${d}' is not a domain name (like shop.example.com)`,
  ownHost: 'That is this site’s own address',
  taken: 'That domain is already used by another business',
  noClaim: 'Set a domain first',
  saved: 'Domain saved: create the DNS record below, then verify',
  removed: 'Custom domain removed',
  verified: 'Domain verified: your storefront now answers on it',
  notVerified: (name: string) =>
    `The TXT record ${name} was not found with the expected value yet. DNS changes can take a while; try again later.`,
  notPointing: (domain: string, target: string) =>
    `${domain} does not point at us yet: create a CNAME record for it with the target ${target}. DNS changes can take a while; try again later.`,
  lookupFailed: (domain: string) => `Could not look up ${domain} in DNS just now. Try again in a few minutes.`,
  notServing: (domain: string) =>
    `${domain} points at us, but our check at http://${domain}/ did not answer yet. Try again in a few minutes.`,
  // A verified domain's daily check found it no longer pointing at us: it is unrouted until it does again.
  fellBack: (domain: string, target: string) =>
    `${domain} no longer points at us (CNAME to ${target} expected), so visitors are sent to your storefront's address on this site. Fix the DNS record; it is checked again daily, or press Verify.`,
  // The owner's domain panel (admin profile page).
  statusVerified: 'Verified',
  statusPending: 'Waiting for verification',
  statusFailed: 'Verification failed',
  checkedAt: (when: string) => `Last checked ${when}.`,
  verifiedSince: (when: string) => `Verified ${when}; checked again daily.`,
  copied: (what: string) => `${what} copied to clipboard`,
  copyFailed: 'Could not copy: select the text and copy it yourself',
  confirmRemove: (domain: string) => `Remove ${domain}? Your storefront stops answering on it.`,
} as const;

export const challengePrefix = '_stashblog-challenge';
/** The HTTP challenge: every host answers http://<domain>/.well-known/stashblog-domain/<token> for its claim. */
export const challengePath = '/.well-known/stashblog-domain/';
export const challengeParams = z.object({ '*': z.string().max(300) });

export const setDomainBody = z.object({ domain: z.string().trim().max(253).default('') });
export const domainStatus = z.object({
  /** The routed (verified) domain. */
  domain: z.string().nullable(),
  claim: z
    .object({
      domain: z.string(),
      verified: z.boolean(),
      /** pending: not checked yet; verified: routed; failing: the last check failed (lastError says why), not routed. */
      state: z.enum(['pending', 'verified', 'failing']),
      verifiedAt: z.string().nullable(),
      checkedAt: z.string().nullable(),
      lastError: z.string().nullable(),
      record: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }),
    })
    .nullable(),
  /** Where the domain's CNAME should point: PUBLIC_URL's host. */
  target: z.string(),
  /** Addresses A/AAAA records may point at instead (PLATFORM_ADDRESSES); empty: CNAME only. */
  addresses: z.array(z.string()),
});
export type DomainStatus = z.infer<typeof domainStatus>;
export const allowedQuery = z.object({ domain: z.string().trim().max(300).default('') });
