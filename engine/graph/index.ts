/**
 * Statecharts of lifecycle machines, framework-free: machine → graph description → ELK graph →
 * positioned layout → SVG. The React viewer (renderers/statechart), the export script and the
 * tests all use this code; only the ELK instance and the text measurer differ per environment.
 */
export * from './types.ts';
export * from './describe.ts';
export * from './format.ts';
export * from './labels.ts';
export * from './measure.ts';
export * from './content.ts';
export * from './elk-graph.ts';
export * from './layout.ts';
export * from './routes.ts';
export * from './svg.ts';
export * from './scene.ts';
export * from './theme.ts';
export * from './texts.ts';
export * from './samples.ts';
export * from './stubs.ts';
export * from './live.ts';
export * from './simulate.ts';
export * from './render.ts';
export * from './chart-labels.ts';
export * from './shipped-layout.ts';
export * from './shipped-chart.ts';
