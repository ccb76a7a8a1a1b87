import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * After a refused save: brings the first field showing an error into view (any section, DFF ones
 * included) and focuses it; a section not drawn yet (sections are drawn as they near the screen)
 * is scrolled to by its card, which draws it.
 */
export function useScrollToError(): { root: RefObject<HTMLDivElement | null>; scrollToError(): void } {
  const root = useRef<HTMLDivElement>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (!request) return;
    const frame = requestAnimationFrame(() => {
      const el = root.current;
      const field = el?.querySelector<HTMLElement>('.ant-form-item-has-error');
      const target = field ?? el?.querySelector<HTMLElement>('[data-invalid]');
      if (!target) return;
      target.scrollIntoView({ block: 'center' });
      target.querySelector<HTMLElement>('input:not([type=hidden]), textarea, [role=combobox]')?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [request]);
  return { root, scrollToError: useCallback(() => setRequest((n) => n + 1), []) };
}
