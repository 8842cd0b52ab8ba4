import { NotFound } from '../../primitives/not-found';

export default function NotFoundPage() {
  return <NotFound />;
}
