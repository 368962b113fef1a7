// What leaves the page goes through this one object so that tests can observe it: full-page
// navigation (checkout, billing portal, session expiry) and files saved (jsdom can do neither).
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },

  /** Has the browser save `text` as a file called `name`, as a download link would. */
  saveFile(name: string, text: string, type: string): void {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    // Once the click has handed the file to the browser, the object URL is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  },
};
