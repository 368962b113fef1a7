// Debian Chromium flags that work on these machines (see shared conventions): headless, no sandbox, no GPU,
// and none of the background traffic a fresh profile would make.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
