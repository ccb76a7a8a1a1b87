import 'antd/dist/reset.css';
import { Profiler, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import Form from '@rjsf/antd';
import { Widgets as antdWidgets } from '@rjsf/antd';
import { getDefaultRegistry } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { EntityRegistry, localizeSchema, toPermissionMap } from '../../../engine/index.ts';
import { EntityForm } from '../../../renderers/form/EntityForm.tsx';
import { TemplateDesigner } from '../../../renderers/designer/TemplateDesigner.tsx';
import type { TemplateApi, TemplateVersion } from '../../../renderers/designer/template-api.ts';
import { memoryDataProvider } from '../../../src/stories/memory-data-provider.ts';
import { StoryEnv } from '../../../src/stories/StoryEnv.tsx';
import zhTexts from '../../../src/i18n/zh-CN.json';
import { BIG_TEMPLATE_CODE, thousandFieldTemplate } from '../../fixtures/thousand-field-template.ts';
import type { BenchPage, Mounted, MountTimes, Timed } from './protocol.ts';

/**
 * The page of the form bench (tests/bench/form-speed.ts drives it in Chromium): the 1,000-field
 * template as (a) the portal's generated form — EntityForm, one RJSF form per section, the
 * portal's widgets, zh-CN — (b) the baseline: the same localized schema in one plain
 * `@rjsf/antd` Form with live validation, and (c) the designer over an in-memory template API.
 * React is the profiling build (vite alias), so a <Profiler> counts commits.
 */
const bundle = thousandFieldTemplate();
const registerStarted = performance.now();
const registry = new EntityRegistry({});
const reg = registry.registerVersion(bundle, 1);
const registerMs = performance.now() - registerStarted;

/** The baseline's schema: the localized schema, with only the widgets plain @rjsf/antd has (a switch shows as a checkbox). */
const plainWidgets = new Set(Object.keys({ ...getDefaultRegistry().widgets, ...antdWidgets }));
function plainUi(ui: Record<string, unknown>): UiSchema {
  return Object.fromEntries(
    Object.entries(ui)
      .filter(([k, v]) => k !== 'ui:widget' || plainWidgets.has(String(v)))
      .map(([k, v]) => [k, !k.startsWith('ui:') && v && typeof v === 'object' && !Array.isArray(v) ? plainUi(v as Record<string, unknown>) : v]),
  );
}
const localized = localizeSchema(reg, 'zh-CN');
const baselineSchema = localized.schema as RJSFSchema;
const baselineUi: UiSchema = { ...plainUi(localized.uiSchema), 'ui:submitButtonOptions': { norender: true } };

/** The designer's texts from the portal's zh-CN resources (`designer.` keys, `{{name}}` placeholders). */
function designerText(key: string, params: Record<string, string | number> = {}): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), zhTexts.designer);
  return typeof found === 'string' ? found.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p] ?? '')) : key;
}

/** The template API the designer loads from: version 1 of the big template, a draft, in memory. */
function memoryTemplateApi(): TemplateApi {
  const now = new Date().toISOString();
  const version: TemplateVersion = { code: BIG_TEMPLATE_CODE, version: 1, status: 'draft', bundle, renames: {}, createdAt: now, updatedAt: now, publishedAt: null };
  const summary = { code: BIG_TEMPLATE_CODE, kind: 'form' as const, label: bundle.entity.label, current: null, draft: 1, versions: [{ version: 1, status: 'draft' as const, publishedAt: null }] };
  const refuse = () => Promise.reject(new Error('not part of the bench'));
  return {
    list: async () => [summary],
    get: async () => summary,
    version: async () => structuredClone(version),
    save: async () => ({ version, problems: [] }),
    create: refuse, publish: refuse, placementChoices: refuse, newVersion: refuse, diff: refuse, previewMigration: refuse, runMigration: refuse, importBundle: refuse,
  };
}

const data = memoryDataProvider(registry, {});
const permissions = toPermissionMap(['form:list', 'form:read', 'form:create', 'form:update']);
const views: Record<Mounted, () => ReactNode> = {
  ours: () => (
    <StoryEnv lang="zh-CN" data={data} permissions={permissions} onNavigate={() => undefined}>
      <EntityForm reg={reg} />
    </StoryEnv>
  ),
  baseline: () => <Form tagName="div" schema={baselineSchema} uiSchema={baselineUi} validator={validator} liveValidate="onChange" showErrorList={false} />,
  designer: () => <TemplateDesigner code={BIG_TEMPLATE_CODE} version={1} api={memoryTemplateApi()} t={designerText} lang="zh-CN" onOpenVersion={() => undefined} />,
};
/** What shows the view on the page (its first field). */
const firstField: Record<Mounted, string> = {
  ours: '#root_s1f1',
  baseline: '#root_s1f1',
  designer: '[data-testid="canvas-field-s1f1"]',
};
const has = (selector: string) => document.querySelector(selector) !== null;
/** Whether the whole view is rendered. */
const complete: Record<Mounted, () => boolean> = {
  // Sections below the first screen mount in turn, not strictly in page order, and a section
  // draws its first fields first (renderers/form/speed/: use-revealed.ts, use-drawn-count.ts):
  // the form is whole when no section shows its skeleton and none has fields still to draw.
  ours: () => has('#root_s20f38') && !has('[data-section] .ant-skeleton, [data-fields-pending]'),
  baseline: () => has('#root_s20f38'),
  // The canvas renders the cards near the screen only (Canvas.tsx): its end is the root drop zone.
  designer: () => has('[data-testid="canvas-zone-root"]'),
};

let commits = 0;
let root: Root | undefined;
const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
type PostTask = (callback: () => void, options: { priority: 'user-blocking' }) => Promise<unknown>;
const postTask = (globalThis as { scheduler?: { postTask?: PostTask } }).scheduler?.postTask?.bind((globalThis as { scheduler?: object }).scheduler);
/**
 * Runs `callback` in the first task after the current one. Queued from a frame callback, that is
 * right after the frame's style, layout and paint. A user-blocking task (Chromium's
 * `scheduler.postTask`) goes before work the page queued earlier for later, such as React's
 * passive effects or a transition (a MessageChannel task): that work runs after the paint, and
 * a timeout would wait for it.
 */
function nextTask(callback: () => void): void {
  if (postTask) void postTask(callback, { priority: 'user-blocking' });
  else setTimeout(callback, 0);
}
const afterThisFrame = () => new Promise<void>((resolve) => nextTask(resolve));

/**
 * Mounts a view and answers the times from the render call to the end of the first frame that
 * shows its first field (the form on screen) and the whole form. The fields are
 * looked for at each frame's start (requestAnimationFrame, before style, layout and paint); a
 * task queued from that callback (nextTask) runs after the frame is painted.
 */
async function mount(kind: Mounted): Promise<MountTimes> {
  root?.unmount();
  // The previous view's garbage is collected now, not while this one is timed (ours and the
  // baseline alternate; Chromium runs with --expose-gc for the bench).
  (window as { gc?: () => void }).gc?.();
  await frame();
  await afterThisFrame();
  const started = performance.now();
  root = createRoot(document.getElementById('root')!);
  root.render(
    <Profiler id={kind} onRender={() => commits++}>
      <ConfigProvider locale={zhCN}>
        <App>
          <div style={{ padding: 16 }}>{views[kind]()}</div>
        </App>
      </ConfigProvider>
    </Profiler>,
  );
  let first: Promise<number> | undefined;
  for (;;) {
    await frame();
    if (!first && has(firstField[kind])) first = afterThisFrame().then(() => performance.now() - started);
    if (first && complete[kind]()) break;
  }
  await afterThisFrame();
  return { first: await first!, complete: performance.now() - started };
}

/** Longest wait for a commit after an event before the sample is taken anyway. */
const MAX_FRAMES = 6;
let timed: Timed = { samples: [], animated: [], withoutCommit: 0 };
let listeners: [string, (e: Event) => void][] = [];
const animating = () => document.getAnimations().some((a) => a.playState === 'running');

/** Times from `timeStamp` to the end of the first frame painted once `done()` holds (checked at each frame, at most MAX_FRAMES). */
function timeToPaint(timeStamp: number, running: boolean, done: () => boolean): void {
  const sample = timed;
  let frames = 0;
  const wait = () =>
    requestAnimationFrame(() =>
      nextTask(() => {
        const ok = done();
        if (!ok && ++frames < MAX_FRAMES) return wait();
        if (!ok) sample.withoutCommit++;
        (running ? sample.animated : sample.samples).push(performance.now() - timeStamp);
      }),
    );
  wait();
}

/**
 * From now on, each event of the kind is timed from its `timeStamp` (when the input happened,
 * queueing included) to the end of the first frame painted with its effect:
 * - a keystroke (`keydown`), the first frame after its `input` event, whose handlers (the form's,
 *   or a held field's) have run by then, with whatever React work they started;
 * - a drag's move (`pointermove`), the first frame after React committed the update it caused
 *   (counted by the Profiler): @dnd-kit may commit in a later task, so frames are awaited until
 *   a commit is seen.
 * Whether an animation was running when the event came sorts it into `animated` or `samples`
 * (protocol.ts).
 */
function startTiming(type: 'keydown' | 'pointermove'): void {
  stopListening();
  timed = { samples: [], animated: [], withoutCommit: 0 };
  if (type === 'pointermove') {
    listen('pointermove', (e) => {
      const seen = commits;
      timeToPaint(e.timeStamp, animating(), () => commits > seen);
    });
    return;
  }
  let pressed: { timeStamp: number; running: boolean } | undefined;
  listen('keydown', (e) => {
    pressed = { timeStamp: e.timeStamp, running: animating() };
  });
  listen('input', () => {
    if (!pressed) return;
    timeToPaint(pressed.timeStamp, pressed.running, () => true);
    pressed = undefined;
  });
}

function listen(type: string, handler: (e: Event) => void): void {
  listeners.push([type, handler]);
  window.addEventListener(type, handler, { capture: true });
}

function stopListening(): void {
  for (const [type, handler] of listeners) window.removeEventListener(type, handler, { capture: true });
  listeners = [];
}

async function stopTiming(): Promise<Timed> {
  stopListening();
  for (let i = 0; i < MAX_FRAMES + 2; i++) {
    await frame();
    await afterThisFrame();
  }
  return timed;
}

const page: BenchPage = { registerMs, mount, startTiming, stopTiming };
(window as unknown as { bench: BenchPage }).bench = page;
