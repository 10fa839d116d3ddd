import { specTexts } from '@stashblog/contract/spec-texts';
import { data } from 'react-router';
import { NotFound } from '../ui/not-found';

export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: specTexts.notFoundTitle }, { name: 'robots', content: 'noindex' }];

export default function NotFoundPage() {
  return <NotFound />;
}
