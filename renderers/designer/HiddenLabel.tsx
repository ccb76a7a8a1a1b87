import type { ReactNode } from 'react';

const HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * A label read by screen readers only, for a control whose visible label is its placeholder: antd's
 * Select keeps `aria-label` off its input, so the input is named through its id.
 */
export function HiddenLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} style={HIDDEN}>
      {children}
    </label>
  );
}
