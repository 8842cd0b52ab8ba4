import { Home } from '../components/home';

export default function DistributionHomePage() {
  return <Home scope="distrib" />;
}
