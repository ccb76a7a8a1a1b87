import { useSyncExternalStore } from 'react';
import { mediaQueries } from './media-queries.ts';

const reduce = mediaQueries(['(prefers-reduced-motion: reduce)']);

/**
 * Whether the user asked the system for less motion (WCAG 2.3.3): antd's opening, closing and
 * sliding animations are then turned off (antd does not follow the setting by itself). Follows a
 * change of the setting while the page is open.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(reduce.subscribe, () => reduce.matches()[0] ?? false, () => false);
}
