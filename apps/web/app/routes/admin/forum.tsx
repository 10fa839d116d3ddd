import { ForumList } from '../../features/forum/forum-list';

export const meta = () => [{ title: 'Forum | Admin' }];

export default function AdminForum() {
  return <ForumList />;
}
