// TEMPORARY: replaced by the real page in this session.
export default function Page() {
  return <h1>presentation-page</h1>;
}
