// Full-page navigation (checkout, billing portal, session expiry) goes through this one object so that
// tests can observe it: jsdom cannot navigate.
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
