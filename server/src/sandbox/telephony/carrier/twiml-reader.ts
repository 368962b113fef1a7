import { parseTwiml, type TwimlElement } from '../../../calls/twiml-tree';

// The TwiML verbs the sandbox carrier follows, read as Twilio reads them. Anything else is refused
// loudly: the sandbox must never pretend to follow an answer it does not understand.

export type Verb =
  | { verb: 'Say'; text: string }
  | { verb: 'Hangup' }
  | { verb: 'Reject'; reason: 'rejected' | 'busy' }
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

export function readTwiml(xml: string): Verb[] {
  return parseTwiml(xml).children.map(readVerb);
}

function readVerb(element: TwimlElement): Verb {
  const { name, attributes } = element;
  switch (name) {
    case 'Say':
      return { verb: 'Say', text: element.text };
    case 'Hangup':
      return { verb: 'Hangup' };
    case 'Reject':
      return { verb: 'Reject', reason: attributes.reason === 'busy' ? 'busy' : 'rejected' };
    case 'Gather':
      return {
        verb: 'Gather',
        action: attributes.action,
        numDigits: attributes.numDigits ? Number(attributes.numDigits) : undefined,
        timeout: Number(attributes.timeout ?? 5),
        actionOnEmptyResult: attributes.actionOnEmptyResult === 'true',
        say: element.children.filter((child) => child.name === 'Say').map((child) => child.text),
      };
    case 'Dial':
      return { verb: 'Dial', attributes, number: dialled(element) };
    default:
      throw new Error(`the sandbox carrier does not follow <${name}>`);
  }
}

function dialled(dial: TwimlElement): DialledNumber {
  const noun = dial.children.find((child) => child.name === 'Number');
  if (!noun) return { number: dial.text, events: ['completed'] };
  const { url, statusCallback, statusCallbackEvent } = noun.attributes;
  return {
    number: noun.text,
    url,
    statusCallback,
    events: statusCallbackEvent?.split(' ') ?? ['completed'],
  };
}
