import { FIRST_PAINT_ATTR, FIRST_PAINT_ID, FIRST_PAINT_MARK, FIRST_PAINT_MIN_WIDTH, firstPaintKey } from '../../engine/first-paint.ts';
import { rememberLook, storedLook } from './look.ts';

/**
 * The page's inline head script (scripts/first-paint-plugin.ts puts it there; engine/first-paint.ts
 * tells the whole story). It runs before the body is parsed:
 * - it keeps the cookie by which the server knows the look the app will start in;
 * - it lets a first paint the server sent show, by an attribute of `<html>` that the first paint's
 *   own style matches against the look it was drawn in, unless the screen is locked;
 * - once the first paint is in the page, it takes it away as soon as the app has drawn its own
 *   chart, shows anything else there (an error, a 403) or has moved to another path (a login, a
 *   link), so it never stands in front of the app.
 */
function firstPaint(): void {
  const look = storedLook(localStorage);
  rememberLook(look);
  const key = look.locked ? undefined : firstPaintKey(look);
  if (key) document.documentElement.setAttribute(FIRST_PAINT_ATTR, key);
  const path = location.pathname;
  const settled = () => location.pathname !== path || document.querySelector('#root [data-layout-source], #root .ant-result') !== null;
  let shown = false;
  const watch = new MutationObserver(() => {
    const paint = document.getElementById(FIRST_PAINT_ID);
    if (!paint) return;
    if (!shown) {
      // Drawn in another look than the app's, behind a locked screen or in a narrow window it is
      // not shown (its style), so not kept.
      shown = paint.getAttribute(FIRST_PAINT_ATTR) === key && innerWidth >= FIRST_PAINT_MIN_WIDTH;
      if (shown) performance.mark(FIRST_PAINT_MARK);
    }
    if (shown && !settled()) return;
    watch.disconnect();
    paint.remove();
  });
  watch.observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-layout-source'] });
  // A page without a first paint needs no watching once it is parsed.
  document.addEventListener('DOMContentLoaded', () => document.getElementById(FIRST_PAINT_ID) || watch.disconnect(), { once: true });
}

firstPaint();
