import { useMemo, type MouseEvent } from 'react';
import { Alert, Button, Flex, Space, Spin, Tooltip } from 'antd';
import type { AnyStateMachine } from 'xstate';
import { buildScene, describeMachine, sceneToSvg, stateTitle, type ChartHighlight, type ChartLabels } from '../../engine/graph/index.ts';
import { downloadPng, downloadSvg } from './export-image.ts';
import { statechartTexts } from './labels.ts';
import { Legend } from './Legend.tsx';
import { renderSvgNodes } from './SvgScene.tsx';
import { fittedSvg, frameStyle, usePanZoom } from './use-pan-zoom.ts';
import { useStatechartLayout } from './use-statechart-layout.ts';

export interface StatechartViewerProps {
  /** Any XState v5 machine. */
  machine: AnyStateMachine;
  /** Where state and event labels come from (and the language of the viewer's own texts). */
  labels: ChartLabels;
  /** Live or simulation emphasis; none for plain review. */
  highlight?: ChartHighlight;
  /** Makes takeable transitions clickable (simulation). */
  onEdgeClick?: (edgeId: string) => void;
  height?: number | string;
  /** Base name of exported files; the machine id by default. */
  fileName?: string;
}

/**
 * Draws a statechart: ELK-layered states and transitions with their events, guards, actions,
 * timers and invoked actors; pan by dragging, zoom with the wheel or the buttons, fit, export.
 * The drawing is the engine's scene (the same as the SVG export), rendered as React elements.
 */
export function StatechartViewer({ machine, labels, highlight, onEdgeClick, height = 560, fileName }: StatechartViewerProps) {
  const t = statechartTexts(labels.lang);
  const graph = useMemo(() => describeMachine(machine), [machine]);
  const layout = useStatechartLayout(graph, labels);
  const chart = layout.status === 'ready' ? layout.chart : undefined;
  const title = stateTitle(graph.nodes.get(graph.rootId)!, labels);
  const scene = useMemo(() => (chart ? buildScene(chart, highlight, title) : undefined), [chart, highlight, title]);
  // The drawing's elements, made once per scene: a pan or zoom re-renders the transform only.
  const drawing = useMemo(() => scene && { defs: renderSvgNodes(scene.defs), body: renderSvgNodes(scene.body) }, [scene]);
  const pz = usePanZoom(scene?.width ?? 0, scene?.height ?? 0);
  const name = fileName ?? machine.id;

  const onClick = (e: MouseEvent) => {
    if (!onEdgeClick || pz.moved.current) return;
    const edge = (e.target as Element).closest('[data-edge-id]');
    if (edge?.getAttribute('data-status') === 'takeable') onEdgeClick(edge.getAttribute('data-edge-id')!);
  };

  return (
    <Flex vertical gap={8} data-testid="statechart" data-machine-id={machine.id}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space wrap size={4}>
          <Tooltip title={t.zoomIn}>
            <Button size="small" onClick={pz.zoomIn} aria-label={t.zoomIn}>+</Button>
          </Tooltip>
          <Tooltip title={t.zoomOut}>
            <Button size="small" onClick={pz.zoomOut} aria-label={t.zoomOut}>−</Button>
          </Tooltip>
          <Button size="small" onClick={pz.fit}>{t.fit}</Button>
          <Button size="small" onClick={pz.actualSize}>{t.actualSize}</Button>
          <Button size="small" disabled={!scene} onClick={() => scene && downloadSvg(sceneToSvg(scene), `${name}.svg`)}>{t.exportSvg}</Button>
          <Button size="small" disabled={!scene} onClick={() => scene && void downloadPng(sceneToSvg(scene), scene.width, scene.height, `${name}.png`)}>{t.exportPng}</Button>
        </Space>
        <Legend texts={t} live={Boolean(highlight)} />
      </Flex>
      <div
        ref={pz.container}
        {...pz.handlers}
        onClick={onClick}
        data-layout-ms={layout.status === 'ready' ? Math.round(layout.ms) : undefined}
        data-layout-attempt={chart?.attempt}
        data-layout-source={layout.status === 'ready' ? layout.source : undefined}
        style={{ position: 'relative', height, ...frameStyle(!pz.view), border: '1px solid #f0f0f0', borderRadius: 8, background: '#fff', cursor: 'grab', touchAction: 'none', userSelect: 'none' }}
      >
        {layout.status === 'loading' && (
          <Flex justify="center" align="center" style={{ height: '100%', flex: 1 }}>
            <Spin description={t.loading} />
          </Flex>
        )}
        {layout.status === 'error' && <Alert type="error" showIcon title={t.layoutFailed} description={layout.error} style={{ margin: 16, flex: 1 }} />}
        {drawing && scene && (
          <svg {...(pz.view ? { width: '100%', height: '100%' } : fittedSvg(scene.width, scene.height))} role="img" aria-label={title} className={onEdgeClick ? 'sc-interactive' : undefined} data-view={pz.view ? 'moved' : 'fitted'}>
            <style>{'.sc-interactive [data-status="takeable"] { cursor: pointer; } .sc-interactive [data-status="takeable"]:hover path { stroke-width: 3.5; }'}</style>
            <defs>{drawing.defs}</defs>
            <g transform={pz.view && `translate(${pz.view.x} ${pz.view.y}) scale(${pz.view.scale})`}>{drawing.body}</g>
          </svg>
        )}
      </div>
    </Flex>
  );
}
