import { mediaUrl } from '@stashblog/contract/paths';
import type { UserProfile } from '@stashblog/contract/users';
import type { businesses } from '../../db/schema/businesses.ts';

export type BusinessRow = typeof businesses.$inferSelect;

/** The public profile of a business (SPEC §7 userProfiles), shared by the directory, the storefront and the owner's details. */
export function toUserProfile(b: BusinessRow, totalCatalogues: number): UserProfile {
  return {
    businessName: b.businessName,
    displayName: b.displayName,
    name: b.name,
    logo: b.logo ? mediaUrl(b.logo) : null,
    domain: b.domain,
    template: b.template,
    theme: b.theme,
    address: b.address,
    phoneNo: b.phoneNo,
    email: b.email,
    description: b.description,
    facebookLink: b.facebookLink,
    instagramLink: b.instagramLink,
    pinterestLink: b.pinterestLink,
    linkedInLink: b.linkedInLink,
    youtubeChannelLink: b.youtubeChannelLink,
    websiteLink: b.websiteLink,
    totalCatalogues,
    isPrimeUser: b.isPrimeUser,
    banners: b.banners.map(mediaUrl),
    images: b.images.map(mediaUrl),
  };
}
