export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

// A small, self-contained page (no scripts) that reads well on a phone and with a screen reader.
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Forwardly sandbox</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
  body { margin: 0; background: #f4f6fb; color: #1a2233; line-height: 1.5; }
  main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 12px;
    box-shadow: 0 2px 12px rgba(20, 30, 60, .08); }
  h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
  .note { color: #4a5568; font-size: .9rem; }
  .price { font-size: 1.1rem; font-weight: 600; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { box-sizing: border-box; width: 100%; font-size: 1rem; padding: .7rem; margin-top: .3rem;
    border: 1px solid #8a94a6; border-radius: 8px; }
  .row { display: flex; gap: 1rem; } .row > div { flex: 1; }
  button { width: 100%; margin-top: 1.5rem; padding: .85rem; font-size: 1rem; font-weight: 600;
    color: #fff; background: #1f4fd1; border: 0; border-radius: 8px; cursor: pointer; }
  button.secondary { background: #fff; color: #1f4fd1; border: 2px solid #1f4fd1; }
  :focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
  a { color: #1f4fd1; }
  .links { margin-top: 1.25rem; text-align: center; }
  .error { color: #a4161a; background: #fdecea; padding: .75rem; border-radius: 8px; }
  h2 { font-size: 1.1rem; margin: 1.5rem 0 .25rem; }
  code { font-size: .85rem; }
  table { width: 100%; border-collapse: collapse; font-size: .9rem; } caption { text-align: left; font-weight: 600; }
  th, td { text-align: left; padding: .35rem .25rem; border-bottom: 1px solid #d5dae3; vertical-align: top; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .4rem 1rem; } dt { font-weight: 600; } dd { margin: 0; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}
