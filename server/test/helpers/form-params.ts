// Stripe's SDK sends form bodies (and GET queries) in bracket notation: `line_items[0][price]=x`,
// `expand[0]=y`. This reads them back into the nested params the SDK was given, with numbers and
// booleans as such.
type Params = Record<string, unknown>;

function value(raw: string): unknown {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return /^-?\d+$/.test(raw) ? Number(raw) : raw;
}

export function parseStripeParams(search: URLSearchParams): Params {
  const root: Params = {};
  for (const [key, raw] of search) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value(raw);
        return;
      }
      node[part] ??= /^\d+$/.test(path[i + 1]) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}
