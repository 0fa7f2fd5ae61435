/**
 * Styles (an `sx` value) for text that screen readers read and the eye does not see: a column header over buttons, a
 * chart's table. The usual clip pattern, so the text keeps its place in the reading order.
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
