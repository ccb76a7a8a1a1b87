import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { machines, type Language } from '../../engine/index.ts';
import { drawShippedChart, entityLabels, machineTitle, type ShippedChartDrawing, type ShippedLayout } from '../../engine/graph/index.ts';
import { MACHINE_ACTIONS } from '../../engine/generated/machine-actions.ts';

/** The layouts `npm run gen` ships (scripts/statechart-layouts.ts). */
const LAYOUT_DIR = join(import.meta.dirname, '../../engine/generated/statechart-layouts');

export type MachineChart = ShippedChartDrawing & { heading: string };

const registered: Readonly<Record<string, (typeof machines)[keyof typeof machines] | undefined>> = machines;

/** The chart as the viewer page draws it (src/pages/workflows/WorkflowViewerPage.tsx): the bound entity's action labels over the machine's own. */
function draw(machineId: string, lang: Language): MachineChart | undefined {
  const machine = registered[machineId]!;
  let shipped: ShippedLayout;
  try {
    shipped = JSON.parse(readFileSync(join(LAYOUT_DIR, `${machineId}.${lang}.json`), 'utf8')) as ShippedLayout;
  } catch {
    return undefined;
  }
  const actions = Object.hasOwn(MACHINE_ACTIONS, machineId) ? MACHINE_ACTIONS[machineId] : undefined;
  const drawing = drawShippedChart(machine, entityLabels(machine, actions, lang), shipped);
  return drawing && { ...drawing, heading: machineTitle(machine, lang) };
}

const drawn = new Map<string, MachineChart | undefined>();

/**
 * A registered machine's review chart from the layout the build shipped; undefined for an unknown
 * machine, or one whose layout is missing or stale. Machines and layouts change only with a
 * deployment, so each is drawn once per process.
 */
export function shippedMachineChart(machineId: string, lang: Language): MachineChart | undefined {
  if (!Object.hasOwn(registered, machineId)) return undefined;
  const key = `${machineId}.${lang}`;
  if (!drawn.has(key)) drawn.set(key, draw(machineId, lang));
  return drawn.get(key);
}
