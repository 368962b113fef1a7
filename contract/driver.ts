// What the API contract suite needs from an implementation of the API: the server (app.inject) or
// the mock API (MSW, through fetch). Both drivers create their accounts through the API itself; only
// talked minutes are written to their stores, as no API call talks.

export interface ContractRequest {
  body?: unknown;
  /** The access token to sign the request with; none when omitted. */
  token?: string;
  query?: Record<string, string>;
}

export interface ContractResponse {
  status: number;
  /** The parsed JSON body, the text of any other (the CSV file); null when there is none. */
  body: unknown;
}

export interface ContractDriver {
  /** Sends a request to `/api<path>` as the web app's client does. */
  request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options?: ContractRequest,
  ): Promise<ContractResponse>;
  /** Every route it serves under `/api`, as 'METHOD /path' (`:id` for a path parameter). */
  routes(): Promise<string[]>;
  /** A new account, signed in, with no subscription: its access token. */
  newUser(): Promise<string>;
  /** A new account, signed in, whose trial has started (as after checkout) and with no number yet. */
  newSubscriber(): Promise<string>;
  /** Counts `minutes` of calls against the trial of the subscriber behind `token`, as if they had
   * been talked this month (the API has no way to talk them). */
  talkTrialMinutes(token: string, minutes: number): Promise<void>;
  /** Asks for a password reset for `email` through the API: the token of the link the mail carries. */
  resetToken(email: string): Promise<string>;
  /** Somebody texts `body` from `from` to the business number `to`, as the carrier would deliver it. */
  receiveText(to: string, from: string, body: string): Promise<void>;
}
