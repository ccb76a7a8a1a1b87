import { useState } from "react";

/**
 * True from the first time `open` is: an overlay (a dialog, a drawer) is mounted when first
 * opened, not with the page — antd builds a component's styles when it mounts, open or not, and
 * on a cold page that is time before the page shows — and stays mounted after, to animate closed.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
