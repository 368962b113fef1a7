// Placeholder until the page is built.
export default function TrialPage() {
  return <h1>TrialPage</h1>;
}
