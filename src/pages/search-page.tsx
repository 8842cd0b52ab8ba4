// TEMPORARY: replaced by the real page in this session.
export default function Page() {
  return <h1>search-page</h1>;
}
