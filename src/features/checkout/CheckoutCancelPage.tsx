// Placeholder until the page is built.
export default function CheckoutCancelPage() {
  return <h1>CheckoutCancelPage</h1>;
}
