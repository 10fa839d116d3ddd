import type { UserProfile } from '@stashblog/contract/users';

const networks = [
  ['facebookLink', 'Facebook'],
  ['instagramLink', 'Instagram'],
  ['youtubeChannelLink', 'YouTube'],
  ['pinterestLink', 'Pinterest'],
  ['linkedInLink', 'LinkedIn'],
  ['websiteLink', 'Website'],
] as const;

// Owners type these by hand; anything that is not http(s) is shown as a plain https link or dropped.
function safeUrl(raw: string): string | null {
  const value = raw.trim();
  if (!value) return null;
  const withScheme = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function SocialLinks({ profile, className = '' }: { profile: UserProfile; className?: string }) {
  const links = networks.flatMap(([key, label]) => {
    const href = safeUrl(profile[key]);
    return href ? [{ href, label }] : [];
  });
  if (!links.length) return null;
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`} aria-label="Social links">
      {links.map((l) => (
        <li key={l.label}>
          <a
            href={l.href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-block rounded-full border border-current px-3 py-1 text-sm"
          >
            {l.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
