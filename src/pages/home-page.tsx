import { Home } from '../components/home';
import { useScope } from '../scope';

/** "/": the distribution home when the visitor's selected scope is 'distrib', else the festival's. */
export default function HomePage() {
  const { scope } = useScope();
  return <Home scope={scope} />;
}
