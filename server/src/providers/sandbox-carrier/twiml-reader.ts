import { XMLParser } from 'fast-xml-parser';

// The TwiML verbs the sandbox carrier follows, read as Twilio reads them. Anything else is refused
// loudly: the sandbox must never pretend to follow an answer it does not understand.

export type Verb =
  | { verb: 'Say'; text: string }
  | { verb: 'Hangup' }
  | {
      verb: 'Gather';
      action?: string;
      numDigits?: number;
      timeout: number;
      actionOnEmptyResult: boolean;
      say: string[];
    }
  | { verb: 'Dial'; attributes: Record<string, string>; number: DialledNumber };

export interface DialledNumber {
  number: string;
  url?: string;
  statusCallback?: string;
  // Twilio reports only `completed` unless asked for more.
  events: string[];
}

type Node = Record<string, Node[] | Record<string, string> | string>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  preserveOrder: true,
  parseTagValue: false,
  parseAttributeValue: false,
});

const nameOf = (node: Node) => Object.keys(node).find((key) => key !== ':@')!;
const attributesOf = (node: Node) => (node[':@'] ?? {}) as Record<string, string>;
const childrenOf = (node: Node) => node[nameOf(node)] as Node[];
const textOf = (node: Node) =>
  childrenOf(node)
    .map((child) => child['#text'] ?? '')
    .join('')
    .trim();

export function readTwiml(xml: string): Verb[] {
  const document = parser.parse(xml) as Node[];
  const response = document.find((node) => nameOf(node) === 'Response');
  if (!response) throw new Error(`not TwiML: ${xml}`);
  return childrenOf(response)
    .filter((node) => nameOf(node) !== '#text')
    .map(readVerb);
}

function readVerb(node: Node): Verb {
  const name = nameOf(node);
  const attributes = attributesOf(node);
  switch (name) {
    case 'Say':
      return { verb: 'Say', text: textOf(node) };
    case 'Hangup':
      return { verb: 'Hangup' };
    case 'Gather':
      return {
        verb: 'Gather',
        action: attributes.action,
        numDigits: attributes.numDigits ? Number(attributes.numDigits) : undefined,
        timeout: Number(attributes.timeout ?? 5),
        actionOnEmptyResult: attributes.actionOnEmptyResult === 'true',
        say: childrenOf(node)
          .filter((child) => nameOf(child) === 'Say')
          .map(textOf),
      };
    case 'Dial':
      return { verb: 'Dial', attributes, number: dialled(node) };
    default:
      throw new Error(`the sandbox carrier does not follow <${name}>`);
  }
}

function dialled(dial: Node): DialledNumber {
  const noun = childrenOf(dial).find((child) => nameOf(child) === 'Number');
  if (!noun) return { number: textOf(dial), events: ['completed'] };
  const { url, statusCallback, statusCallbackEvent } = attributesOf(noun);
  return {
    number: textOf(noun),
    url,
    statusCallback,
    events: statusCallbackEvent?.split(' ') ?? ['completed'],
  };
}
