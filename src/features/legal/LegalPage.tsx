// Placeholder until the page is built.
export default function LegalPage({ document }: { document: 'terms' | 'privacy' }) {
  return <h1>{document}</h1>;
}
