// Read by screen readers, not shown. (In sx a width of 1 means 100%, hence the explicit pixels.)
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
