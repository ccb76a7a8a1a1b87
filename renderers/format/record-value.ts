/** The value a view's field path names in a record (engine/derive/value-text.ts, shared with the server's exports). */
export { recordValue } from '../../engine/index.ts';
