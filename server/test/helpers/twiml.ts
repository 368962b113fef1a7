import { XMLParser } from 'fast-xml-parser';

// TwiML as a tree, so tests assert verbs, nouns and attributes rather than strings.
export interface Element {
  name: string;
  attributes: Record<string, string>;
  children: Element[];
  text: string;
}

type Node = Record<string, unknown>;
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  preserveOrder: true,
  parseTagValue: false,
  parseAttributeValue: false,
});

function toElement(node: Node): Element {
  const name = Object.keys(node).find((key) => key !== ':@')!;
  const nodes = node[name] as Node[];
  return {
    name,
    attributes: (node[':@'] ?? {}) as Record<string, string>,
    children: nodes.filter((n) => !('#text' in n)).map(toElement),
    text: nodes
      .map((n) => (n['#text'] as string | undefined) ?? '')
      .join('')
      .trim(),
  };
}

/** The <Response> of a TwiML document (throws if there is none). */
export function parseTwiml(xml: string): Element {
  const root = (parser.parse(xml) as Node[]).map(toElement).find((e) => e.name === 'Response');
  if (!root) throw new Error(`not TwiML: ${xml}`);
  return root;
}

/** The verbs of a TwiML document, by name, in order. */
export const verbsOf = (xml: string) => parseTwiml(xml).children.map((c) => c.name);
