import { Home } from './home';
import { useScope } from '../../shell/scope';

/** "/", /festa and /distribuicao: the home of the route's scope ("/" follows the visitor's selected scope). */
export default function HomePage() {
  const { scope } = useScope();
  return <Home scope={scope} />;
}
