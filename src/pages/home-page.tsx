import { Home } from '../components/home';
import { useScope } from '../scope';

/** "/", /festa and /distribuicao: the home of the route's scope ("/" follows the visitor's selected scope). */
export default function HomePage() {
  const { scope } = useScope();
  return <Home scope={scope} />;
}
