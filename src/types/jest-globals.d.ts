// Set by jest.config.ts (`globals`) for the web tests: the one limit on waiting for a condition.
declare const WAIT_FOR_TIMEOUT_MS: number;
