// Placeholder until the page is built.
export default function ResetPasswordPage() {
  return <h1>ResetPasswordPage</h1>;
}
