import { screen } from '@testing-library/react';

/** The dashboard's "Your business number: …" line, whose number sits in its own unbreakable span. */
export const findBusinessNumber = (shown: string) =>
  screen.findByText(
    (_, element) => element?.tagName === 'P' && element.textContent === `Your business number: ${shown}`,
  );
