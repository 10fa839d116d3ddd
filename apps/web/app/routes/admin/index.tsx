import { redirect } from 'react-router';

export function clientLoader() {
  return redirect('/userAdmin/dashboard');
}

export default function AdminIndex() {
  return null;
}
