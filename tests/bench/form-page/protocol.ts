/** What the form bench page (main.tsx) offers the bench in Chromium, as `window.bench`. */
export type Mounted = 'ours' | 'baseline' | 'designer';

/** Event-to-paint times in ms; `withoutCommit` counts samples taken with no React commit seen. */
export interface Timed {
  samples: number[];
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
