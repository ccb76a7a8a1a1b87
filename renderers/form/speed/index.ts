/**
 * Large-form speed: what keeps a 1,000-field template quick to open and to type into (issue 4's
 * goals, measured by `npm run bench`). Form code imports it from here only.
 *
 * - Held inputs: text, number and text-area inputs keep what is typed and hand it to the form
 *   when typing pauses, the field is left, or a reader calls releaseHeldInput.
 * - Section reveal: sections below the first screen mount in turn after the first paint, not
 *   while the user types (useRevealed, over the page's reveal queue).
 * - Grid template: objects laid out as one CSS grid, a form's first fields drawn first, spans
 *   read from RJSF's documented template props.
 *
 * Every window listener, frame, timeout and observer this module sets up is removed or
 * cancelled when the component that set it up unmounts.
 */
export { HAND_OVER_PAUSE, releaseHeldInput, useHeldValue, type HeldValue } from './held-value.ts';
export { useRevealed } from './use-revealed.ts';
export { createRevealQueue, revealQueue, INPUT_QUIET, type RevealQueue } from './reveal-queue.ts';
export { FIRST_RENDER_FIELDS, useDrawnCount } from './use-drawn-count.ts';
export { propertyParts, propertySpan, type SpanSource } from './property-span.ts';
export { GridObjectFieldTemplate } from './GridObjectFieldTemplate.tsx';
export { HeldInputTemplate } from './HeldInputTemplate.tsx';
export { ItemlessFieldTemplate } from './ItemlessFieldTemplate.tsx';
export { SPEED_TEMPLATES } from './templates.ts';
export { SECTION_STYLE } from './section-style.ts';
