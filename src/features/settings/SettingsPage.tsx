// Placeholder until the page is built.
export default function SettingsPage() {
  return <h1>SettingsPage</h1>;
}
