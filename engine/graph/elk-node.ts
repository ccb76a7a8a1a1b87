import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkLike } from './layout.ts';

/** ELK for node (export script, tests, bench): the bundled build, run in-process. */
export function createNodeElk(): ElkLike {
  return new ELK();
}
