// Links an owner types (a product's seller link, the profile's social and website links) are
// rendered as hrefs on public pages, so only http(s) urls with a host are taken: never
// javascript:, data: or a bare "instagram.com/x" that would resolve against our own site.

export const linkInvalid = (label: string) => `${label} link must start with http:// or https://`;

/** True for an absolute http(s) url with a host. */
export function isWebLink(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return Boolean(new URL(value).hostname);
  } catch {
    return false;
  }
}
