/**
 * The globals the engine may use beyond ECMAScript: only those that both node and the browsers
 * provide. tsconfig.engine.json checks engine/ and workflows/ with no DOM and no node types, so
 * anything else fails the typecheck.
 */
declare function structuredClone<T>(value: T): T;
