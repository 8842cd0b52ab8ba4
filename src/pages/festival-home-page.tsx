import { Home } from '../components/home';

export default function FestivalHomePage() {
  return <Home scope="festa" />;
}
