import { useCallback, useRef, useState } from 'react';
import type { Doc } from './form-document.ts';
import { releaseHeldInput } from './speed/index.ts';

export interface SectionParts<P extends Record<string, Doc> | undefined> {
  /** Each section's form data, as rendered. */
  parts: P;
  /** Replaces every section's data. */
  setParts(next: P): void;
  /** A FormSection's `onChange`: one section's new data. */
  onSectionChange(sectionId: string, formData: Doc): void;
  /**
   * The data as it is now, for a click that reads it (Save, Validate): the fields' held input is
   * handed to their forms first (releaseHeldInput), and what they report is here at once, before
   * React renders it.
   */
  read(): P;
}

/** The per-section form data of a page of FormSections (one RJSF form per section). */
export function useSectionParts<P extends Record<string, Doc> | undefined>(initial: () => P): SectionParts<P> {
  const [parts, setState] = useState(initial);
  const latest = useRef(parts);
  const setParts = useCallback((next: P) => {
    latest.current = next;
    setState(next);
  }, []);
  const onSectionChange = useCallback((sectionId: string, formData: Doc) => setParts({ ...latest.current, [sectionId]: formData }), [setParts]);
  const read = useCallback(() => {
    releaseHeldInput();
    return latest.current;
  }, []);
  return { parts, setParts, onSectionChange, read };
}
