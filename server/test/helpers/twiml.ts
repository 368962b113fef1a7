import { parseTwiml } from '../../src/calls/twiml-tree';

// TwiML as a tree, so tests assert verbs, nouns and attributes rather than strings.
export { parseTwiml };

/** The verbs of a TwiML document, by name, in order. */
export const verbsOf = (xml: string) => parseTwiml(xml).children.map((c) => c.name);
