/**
 * A form section's box: off screen it skips style, layout and paint (`content-visibility: auto`),
 * so a keystroke lays out the sections in view, not the whole document; the size last rendered
 * is kept. Lists (selects) open in document.body for this reason (widgets/index.ts): a section's
 * contained paint would clip one opened near its edge.
 */
export const SECTION_STYLE = { contentVisibility: 'auto', containIntrinsicSize: 'auto 480px' } as const;
