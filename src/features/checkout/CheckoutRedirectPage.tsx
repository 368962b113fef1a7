// Placeholder until the page is built.
export default function CheckoutRedirectPage() {
  return <h1>CheckoutRedirectPage</h1>;
}
