import type { FastifyRequest } from 'fastify';
import { hasPermission, WORKFLOW_VIEW } from '../../engine/index.ts';
import { escapeXml, READABLE_SCALE } from '../../engine/graph/index.ts';
import { FIRST_PAINT_ATTR, FIRST_PAINT_COOKIE, FIRST_PAINT_ID, FIRST_PAINT_MIN_WIDTH, FIRST_PAINT_PATH, firstPaintKey, parseFirstPaintKey, type FirstPaintLook } from '../../engine/first-paint.ts';
import { shippedMachineChart, type MachineChart } from '../machines/charts.ts';

const ROOT = '<div id="root"></div>';

/**
 * The frame, laid out as the shell and the viewer page lay themselves out (src/shell/AppShell.tsx:
 * content padding 16, and 24 from antd's xl; header 64 and tab bar 56; the small card's head 38
 * and body padding 12; the diagram tab's tabs and toolbar 94 above a chart 68vh high), hidden
 * unless the head script has marked `<html>` with the look it was drawn in, and below antd's md
 * screen, where the header folds into a drawer and the toolbar wraps.
 */
function style(look: FirstPaintLook): string {
  const line = look.dark ? '#303030' : '#f0f0f0';
  return `#${FIRST_PAINT_ID}{display:none;position:fixed;inset:0;z-index:1500;overflow:hidden;background:${look.dark ? '#000' : '#f5f5f5'};--pad:16px}
html[${FIRST_PAINT_ATTR}="${firstPaintKey(look)}"] #${FIRST_PAINT_ID}{display:block}
@media (max-width:${FIRST_PAINT_MIN_WIDTH - 1}px){html #${FIRST_PAINT_ID}{display:none}}
@media (min-width:1200px){#${FIRST_PAINT_ID}{--pad:24px}}
#${FIRST_PAINT_ID} .fp-header{height:64px;background:#001529}
#${FIRST_PAINT_ID} .fp-card{position:absolute;top:calc(120px + var(--pad));left:var(--pad);right:var(--pad);height:calc(157px + 68vh);box-sizing:border-box;background:${look.dark ? '#141414' : '#fff'};border:1px solid ${line};border-radius:8px}
#${FIRST_PAINT_ID} .fp-head{height:38px;box-sizing:border-box;padding:8px 12px;border-bottom:1px solid ${line};font:600 14px/22px -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif;color:${look.dark ? 'rgba(255,255,255,.85)' : 'rgba(0,0,0,.88)'};white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
#${FIRST_PAINT_ID} .fp-chart{position:absolute;top:calc(264px + var(--pad));left:calc(var(--pad) + 13px);right:calc(var(--pad) + 13px);height:68vh;box-sizing:border-box;background:#fff;border:1px solid #f0f0f0;border-radius:8px;overflow:hidden;display:flex}
#${FIRST_PAINT_ID} .fp-chart svg{display:block;flex:none;margin:auto;height:auto}`;
}

/** The frame and the chart, fitted as the viewer fits it (renderers/statechart/use-pan-zoom.ts `fittedSvg`). */
export function firstPaintMarkup(chart: MachineChart, look: FirstPaintLook): string {
  const svg =
    `<svg viewBox="0 0 ${chart.width} ${chart.height}" preserveAspectRatio="xMidYMid meet" style="width:clamp(${Math.ceil(chart.width * READABLE_SCALE)}px, 100%, ${chart.width}px);aspect-ratio:${chart.width} / ${chart.height}" role="img" aria-label="${escapeXml(chart.label)}">` +
    `<defs>${chart.defs}</defs><g>${chart.body}</g></svg>`;
  return `<div id="${FIRST_PAINT_ID}" ${FIRST_PAINT_ATTR}="${firstPaintKey(look)}" aria-busy="true"><style>${style(look)}</style><div class="fp-header"></div><div class="fp-card"><div class="fp-head">${escapeXml(chart.heading)}</div></div><div class="fp-chart">${svg}</div></div>`;
}

/**
 * The page for a request, with the first paint of the lifecycle viewer (engine/first-paint.ts)
 * when it asks for /workflows/:machineId with a session that may review machines and the machine
 * has a shipped layout; undefined for the plain page.
 */
export function firstPaintPage(template: string, req: FastifyRequest): string | undefined {
  const machineId = FIRST_PAINT_PATH.exec(req.url.split('?')[0] ?? '')?.[1];
  if (!machineId || !req.user || !hasPermission(req.user.permissionMap, WORKFLOW_VIEW) || !template.includes(ROOT)) return undefined;
  const look = parseFirstPaintKey(req.cookies?.[FIRST_PAINT_COOKIE]);
  const chart = shippedMachineChart(machineId, look.lang);
  return chart && template.replace(ROOT, () => `${firstPaintMarkup(chart, look)}${ROOT}`);
}
