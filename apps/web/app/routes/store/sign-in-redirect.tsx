import { redirect } from 'react-router';

// SPEC §2 lists /{userProfile}/signIn; there is one sign-in page for every business.
export function loader() {
  return redirect('/signIn');
}
