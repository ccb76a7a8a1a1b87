import { useEffect, useMemo, useState } from 'react';
import { DndContext, KeyboardSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Alert, App, Card, Col, Flex, Row, Spin, Tabs, Typography } from 'antd';
import { text, type Language, type TemplateBundle } from '../../engine/index.ts';
import { applyDrop } from './canvas-dnd.ts';
import { Canvas } from './Canvas.tsx';
import { FramePointerSensor } from './frame-pointer-sensor.ts';
import { DesignerProvider, type DesignerTranslate, type StateOption } from './designer-context.tsx';
import { createDesignerStore, type DesignerStore } from './designer-store.ts';
import { NEW_FIELD_LABELS } from './field-types.ts';
import { JsonView } from './JsonView.tsx';
import { Palette } from './Palette.tsx';
import { Preview } from './Preview.tsx';
import { ProblemList } from './ProblemList.tsx';
import { TranslationView } from './TranslationView.tsx';
import { PropertyPanel } from './PropertyPanel.tsx';
import { PublishDialog } from './PublishDialog.tsx';
import { allPaths, viewField } from './schema-tree.ts';
import { asFailure, type MenuPlacement, type Problem, type TemplateApi, type TemplateSummary, type TemplateVersion } from './template-api.ts';
import { Toolbar } from './Toolbar.tsx';
import { VersionPanel } from './VersionPanel.tsx';

export interface TemplateDesignerProps {
  code: string;
  version: number;
  api: TemplateApi;
  t: DesignerTranslate;
  lang: Language;
  /** Opens another version of the template in the designer (after "new version"). */
  onOpenVersion(version: number): void;
  /** The test request's lifecycle states, which a DFF template's fields may be editable in (`x-editableIn`). */
  dffStates?: readonly StateOption[];
}

interface Loaded {
  version: TemplateVersion;
  summary: TemplateSummary;
  store: DesignerStore;
}

async function load(api: TemplateApi, code: string, version: number): Promise<Loaded> {
  const [v, summary] = await Promise.all([api.version(code, version), api.get(code)]);
  const previous = summary.versions.filter((x) => x.status === 'published' && x.version < version).map((x) => x.version).pop();
  const baseline = previous ? new Set(allPaths((await api.version(code, previous)).bundle).map(viewField)) : new Set<string>();
  const store = createDesignerStore({ bundle: v.bundle, renames: v.renames ?? {} });
  store.getState().load({ bundle: v.bundle, renames: v.renames ?? {} }, baseline, v.status === 'published');
  return { version: v, summary, store };
}

/** The form designer of one template version: palette, canvas, properties, JSON, preview, versions. */
export function TemplateDesigner({ code, version, api, t, lang, onOpenVersion, dffStates }: TemplateDesignerProps) {
  const { message } = App.useApp();
  const [loaded, setLoaded] = useState<Loaded>();
  const [loadError, setLoadError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [serverProblems, setServerProblems] = useState<Problem[]>();
  const sensors = useSensors(useSensor(FramePointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  useEffect(() => {
    let live = true;
    setLoaded(undefined);
    load(api, code, version).then(
      (l) => live && setLoaded(l),
      (e: unknown) => live && setLoadError(asFailure(e).message),
    );
    return () => {
      live = false;
    };
  }, [api, code, version]);
  useEffect(() => loaded?.store.subscribe((s, prev) => s.doc !== prev.doc && setServerProblems(undefined)), [loaded]);
  const env = useMemo(
    () => (loaded ? { t, lang, api, store: loaded.store, lifecycleStates: loaded.summary.kind === 'dff' ? dffStates : undefined } : undefined),
    [t, lang, api, loaded, dffStates],
  );

  if (loadError) return <Alert type="error" showIcon title={loadError} />;
  if (!loaded || !env) return <Spin description={t('loading')} />;
  const { store } = loaded;
  const status = loaded.version.status;

  const save = async () => {
    const { bundle, renames } = store.getState().doc;
    const answer = await api.save(code, version, bundle, renames);
    setServerProblems(answer.problems);
    return answer;
  };
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (e) {
      const f = asFailure(e);
      if (f.errors?.length) setServerProblems([...f.errors]);
      message.error(f.message);
    } finally {
      setBusy(false);
    }
  };
  const onSave = () => act(async () => {
    const { problems } = await save();
    message.success(problems.length ? t('saved.withProblems', { count: problems.length }) : t('saved.ok'));
  });
  // Publishing asks first where the version appears in the menu and for which roles.
  const onPublish = (placement: MenuPlacement) => act(async () => {
    setPublishing(false);
    await save();
    const published = await api.publish(code, version, placement);
    message.success(t('published', { version: published.version }));
    setLoaded(await load(api, code, version));
  });
  const onNewVersion = () => act(async () => onOpenVersion((await api.newVersion(code)).version.version));
  const onImport = (bundle: TemplateBundle | undefined) => {
    if (!bundle?.schema || !bundle.entity || !bundle.views) {
      message.error(t('importInvalid'));
      return;
    }
    const current = store.getState().doc;
    store.getState().replace({ ...current, bundle: { ...bundle, entity: { ...bundle.entity, name: code }, schema: { ...bundle.schema, $id: current.bundle.schema.$id } } });
    message.success(t('imported'));
  };
  const onDragEnd = (e: DragEndEvent) => applyDrop(store.getState(), e, (type) => NEW_FIELD_LABELS[type]);

  return (
    <DesignerProvider value={env}>
      <Flex vertical gap={12} data-testid="template-designer">
        <Card size="small">
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('title', { name: text(loaded.summary.label, lang, code), code })}
            </Typography.Title>
            <Toolbar code={code} version={version} status={status} busy={busy} onSave={onSave} onPublish={() => setPublishing(true)} onNewVersion={onNewVersion} onImport={onImport} />
          </Flex>
        </Card>
        <PublishDialog open={publishing} version={version} hasPrevious={loaded.summary.versions.some((x) => x.status === 'published' && x.version < version)} onCancel={() => setPublishing(false)} onPublish={onPublish} />
        {status === 'published' && <Alert type="info" showIcon title={t('publishedReadOnly')} />}
        <ProblemList server={serverProblems} />
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <Row gutter={12}>
            {status === 'draft' && <Col xs={24} md={5}><Palette /></Col>}
            <Col xs={24} md={status === 'draft' ? 12 : 17}>
              <Tabs
                items={[
                  { key: 'canvas', label: t('tabs.canvas'), children: <Canvas /> },
                  { key: 'json', label: t('tabs.json'), children: <JsonView /> },
                  { key: 'preview', label: t('tabs.preview'), children: <Preview /> },
                  { key: 'translations', label: t('tabs.translations'), children: <TranslationView /> },
                  { key: 'versions', label: t('tabs.versions'), children: <VersionPanel code={code} version={version} status={status} summary={loaded.summary} /> },
                ]}
              />
            </Col>
            <Col xs={24} md={7}><PropertyPanel /></Col>
          </Row>
        </DndContext>
      </Flex>
    </DesignerProvider>
  );
}
