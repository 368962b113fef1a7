import { XMLParser } from 'fast-xml-parser';

// A TwiML document as a tree of elements, read the way Twilio reads it: attributes and text as
// written (no number or boolean guessing), verbs in document order.
export interface TwimlElement {
  name: string;
  attributes: Record<string, string>;
  children: TwimlElement[];
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

function toElement(node: Node): TwimlElement {
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
export function parseTwiml(xml: string): TwimlElement {
  const root = (parser.parse(xml) as Node[]).map(toElement).find((e) => e.name === 'Response');
  if (!root) throw new Error(`not TwiML: ${xml}`);
  return root;
}
