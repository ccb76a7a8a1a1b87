import ELK from 'elkjs/lib/elk-api';
import ElkWorker from 'elkjs/lib/elk-worker.min.js?worker';
import type { ElkLike } from '../../engine/graph/index.ts';

let instance: ElkLike | undefined;

/** One ELK for the page, laying out in a web worker (bundled: no CDN, works offline). */
export function browserElk(): ElkLike {
  instance ??= new ELK({ workerFactory: () => new ElkWorker() });
  return instance;
}
