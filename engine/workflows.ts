/**
 * The machines of workflows/ as the app layers reach them: src/ and renderers/ import workflows/
 * only through the engine (eslint.config.js), so the registry stays the one way in.
 */
export { machines, type MachineId } from '../workflows/index.ts';
