// TEMPORARY: replaced by the real page in this session.
export default function Page() {
  return <h1>custom-page</h1>;
}
