// What the landing page's feature list says; each line is a fact of docs/product.md ("What Forwardly is",
// "The plan").
export const FEATURES = [
  { title: 'A local US number', text: 'Choose a number in the area code your customers know.' },
  {
    title: 'Forwarding 24/7',
    text: 'Every call to your business number rings your own phone, day and night.',
  },
  {
    title: 'Call out as your business',
    text: 'Calls you place from the dashboard show your business number.',
  },
  { title: 'Call history', text: 'See every inbound and outbound call with its time and duration.' },
  { title: 'Set up in minutes', text: 'Pick a number, enter your phone, and you are ready to take calls.' },
  {
    title: 'No contracts',
    text: 'Cancel any time; your number stays active to the end of the billing cycle.',
  },
] as const;
