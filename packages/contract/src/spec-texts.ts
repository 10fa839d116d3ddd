// Every user-visible text of SPEC §5 and §8, kept once. Server and web import from here.
export const specTexts = {
  // §5 Query form
  queryEmailRequired: 'Email is required!',
  queryNameRequired: 'Name is required!',
  queryPhoneInvalid: 'Enter correct phoneno!',
  queryProductsRequired: 'Query products required!',
  queryProductIdRequired: 'Query product id is required!',
  // §5 Sign in / sign up
  signInEmailRequired: 'Email required!',
  signInPasswordRequired: 'Password required!',
  signUpPasswordMismatch: 'Password & Confirm password does not match',
  // §5 Support and contact forms
  contactNameRequired: 'Name required!',
  contactMessageRequired: 'Message required!',
  contactEmailRequired: 'Email required!',
  contactEmailInvalid: 'Enter a valid email',
  // §5 Product add/edit
  productCategoryRequired: 'Category required!',
  productNameRequired: 'Product Name required!',
  productDescriptionRequired: 'Description required!',
  imagesMax: (max: number) => `Upto ${max} images allowed`,
  // §5 Catalogue
  catalogueNameRequired: 'Catalogue name required!',
  catalogueDescriptionRequired: 'Catalogue description required!',
  catalogueMinProducts: 'Minimum 3 products required',
  // §5 Private link
  privateLinkRequired: 'Private link required!',
  privateLinkDurationRequired: 'Link expire duration required!',
  // §5 Profile
  profileEmailRequired: 'Email is Required!',
  profileAddressRequired: 'Address is Required!',
  profileContactRequired: 'Contact No is Required!',
  profileContactInvalid: 'Enter Correct Contact No.!',
  // §5 Change password
  currentPasswordRequired: 'Current password required!',
  newPasswordRequired: 'New password required!',
  reenterNewPassword: 'Re-enter new password!',
  confirmChangePassword: "Are you sure you want to change account's password?",
  // §5 Confirmations
  confirmDelete: (name: string) => `Are you sure you want to delete ${name}?`,
  confirmDeleteForum: 'Are you sure you want to delete this forum?',
  confirmDeleteLead: 'Are you sure you want to delete this lead?',
  confirmDeleteLink: 'Are you sure you want to delete this link?',
  confirmLogout: 'Are you sure you want to logout?',
  confirmMarkAllRead: 'Are u sure u want to mark all your notifications as read?',
  confirmDeleteAllNotifications: 'Are u sure u want to delete all your notifications?',
  // §8 Errors and toasts
  tokenExpired: 'token expired',
  ignoredError: 'Some Error Occurred!',
  listening: 'Listening...',
  noSpeech: 'No speech detected',
  noResult: 'No result found',
  signedIn: 'Signed In!',
  signedUp: 'Signed Up!',
  uploadingImages: 'Uploading Images...!',
  imagesUploaded: 'Images uploaded...!',
  linkCopied: 'Link copied to clipboard!',
  downloadingLeads: 'Downloading Leads...',
  leadsDownloaded: 'Leads Downloaded Successfully...',
  csvFailed: 'Failed to download CSV',
  profileFetchFailed: 'An error occurred while fetching user profile.',
  unknownListItem: 'Some error occured',
  loggingOut: 'Logging Out...',
  // §4 Blocked
  blockedByAdmin: 'Blocked by admin',
  productBlocked: 'This Product has been blocked by admin please comply with admin to proceed further.',
  catalogueBlocked: 'This Catalogue has been blocked by admin please comply with admin to proceed further.',
  userBlocked: 'This User has been blocked by admin please comply with admin to proceed further.',
  // §2 Error page and FAQ
  privatePreview: 'Private preview — only you can see this',
  privatePreviewTitle: 'private preview',
  notFoundTitle: 'Page Not Found',
  notFoundHeading: '!! Error !!',
  faqHeading: 'Frequently Asked Questions',
  faqEmpty: 'No questions yet!!',
  youMightAlsoLike: 'You Might Also Like',
  // §1 defaults
  defaultTitle: 'StashBlog | A showcase site for products',
  defaultDescription: 'A showcase experience of your products',
} as const;
