// The marketing site's copy (SPEC §1: trust section, services, feature cards, mission), kept in one place
// so the home page and About Us say the same thing.

export const tagline = 'A showcase site for your products';

export const about =
  'StashBlog gives every business a storefront of its own: products with photos, prices and specifications, catalogues that group them, and an enquiry button on every page. Visitors browse, search and send queries; you get each one as a lead, a notification and a line in your CSV export.';

export const mission =
  'Our mission is to give every small business, seller and exporter a showcase as good as the big brands have, without a web team. You add your products; we make them fast to find, beautiful to browse and easy to enquire about, on any phone.';

/** SPEC §1 trust section. */
export const trust = [
  { title: 'Simple', text: 'Set up in minutes. Add a product with its photos and it is live, with no code and no design work.' },
  { title: 'Showcase', text: 'Banners, carousels, catalogues and twelve colour themes present your range the way you want it seen.' },
  { title: 'Manage', text: 'Products, catalogues, leads, private links and messages in one admin area, with search and bulk actions.' },
  { title: 'Support', text: 'Real people answer. Write to us any time through the support form and we reply by email.' },
] as const;

/** SPEC §1 services. */
export const services = [
  { title: 'Listing', text: 'List products with up to six images, prices, units, tags, specifications and disclaimers.' },
  { title: 'Management', text: 'Publish or hide items, promote your best sellers and group products into catalogues.' },
  { title: 'Insights', text: 'See visits, enquiries and private-link views, and download every lead as a CSV file.' },
  { title: 'Marketing', text: 'Share private links that expire, promote items in the directory and get found by search engines.' },
  { title: 'Responsive', text: 'Every page is built for phones first and loads fast on slow mobile networks.' },
] as const;

/** SPEC §1 features: five cards, each showing its description on click. */
export const features = [
  { title: 'Fast', text: 'Pages are rendered on the server and images are resized for every screen, so your storefront opens in a blink.' },
  { title: 'Reliable', text: 'Your data is stored safely and backed up; your storefront stays online while you sleep.' },
  { title: 'Simple', text: 'One clear admin area. If you can fill in a form, you can run your showcase.' },
  { title: 'Scalable', text: 'From ten products to ten thousand, with your own domain whenever you are ready.' },
  { title: 'Secure', text: 'Passwords are hashed, sessions expire, and private links open only for the people you choose.' },
] as const;

export const contact = {
  hours: 'Monday to Saturday, 10:00 to 18:00 IST',
  reply: 'We answer every message by email within one working day.',
} as const;
