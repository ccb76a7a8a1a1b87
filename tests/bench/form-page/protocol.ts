/** What the form bench page (main.tsx) offers the bench in Chromium, as `window.bench`. */
export type Mounted = 'ours' | 'baseline' | 'designer';

/**
 * Event-to-paint times in ms; `withoutCommit` counts samples taken with no React commit seen.
 * Events that came while a CSS animation or transition ran on the page (antd's focus ring fading
 * in after a click, cards sliding during a drag) are in `animated`, the others in `samples`:
 * while anything animates, Chromium paints frames on the display's 60 Hz tick only, so such an
 * event also waits for the next tick (up to 16.7 ms), whatever its own cost.
 */
export interface Timed {
  samples: number[];
  animated: number[];
  withoutCommit: number;
}

/** Ms from the render call to the end of the painted frame that shows the view's first field, and its last. */
export interface MountTimes {
  first: number;
  complete: number;
}

export interface BenchPage {
  /** Registering the template in the page (checks and ajv compilation of the schema), ms. */
  registerMs: number;
  /** Mounts a view in a fresh React root. */
  mount(kind: Mounted): Promise<MountTimes>;
  startTiming(type: 'keydown' | 'pointermove'): void;
  stopTiming(): Promise<Timed>;
}
