// Placeholder until the page is built.
export default function DashboardPage() {
  return <h1>DashboardPage</h1>;
}
