import { Button, Flex } from 'antd';
import type { LocalizedText } from '../../engine/index.ts';
import { CommitInput } from './commit-inputs.tsx';
import { useDesigner } from './designer-context.tsx';
import type { FieldPath, Node } from './schema-tree.ts';

/** The options of a select, radio or multi-select: value plus zh-CN and en-US labels. */
export function OptionsEditor({ path, node }: { path: FieldPath; node: Node }) {
  const { t, store } = useDesigner();
  const multi = node.type === 'array';
  const values = ((multi ? (node.items as Node | undefined)?.enum : node.enum) ?? []).map(String);
  const labels = (node['x-enumLabels'] ?? {}) as Record<string, LocalizedText>;
  const write = (nextValues: string[], nextLabels: Record<string, LocalizedText>) => {
    const patch: Record<string, unknown> = { 'x-enumLabels': nextLabels };
    if (multi) patch.items = { ...(node.items as Node), enum: nextValues };
    else patch.enum = nextValues;
    store.getState().update(path, patch);
  };
  const setValue = (i: number, v: string) => {
    if (!v || values.includes(v)) return;
    const old = values[i]!;
    const next = [...values];
    next[i] = v;
    const nextLabels = { ...labels, [v]: labels[old] ?? { 'zh-CN': '', 'en-US': '' } };
    delete nextLabels[old];
    write(next, nextLabels);
  };
  const setLabel = (value: string, lang: keyof LocalizedText, s: string) => write(values, { ...labels, [value]: { ...(labels[value] ?? { 'zh-CN': '', 'en-US': '' }), [lang]: s } });
  const add = () => {
    let n = values.length + 1;
    while (values.includes(`option${n}`)) n++;
    write([...values, `option${n}`], { ...labels, [`option${n}`]: { 'zh-CN': `选项${n}`, 'en-US': `Option ${n}` } });
  };
  const remove = (i: number) => {
    const nextLabels = { ...labels };
    delete nextLabels[values[i]!];
    write(values.filter((_, j) => j !== i), nextLabels);
  };
  return (
    <Flex vertical gap={4} data-testid="options-editor">
      {values.map((v, i) => (
        <Flex key={v} gap={4}>
          <CommitInput value={v} onCommit={(s) => setValue(i, s)} aria-label={t('props.optionValue')} placeholder={t('props.optionValue')} />
          <CommitInput value={labels[v]?.['zh-CN'] ?? ''} onCommit={(s) => setLabel(v, 'zh-CN', s)} aria-label={t('props.zh')} placeholder={t('props.zh')} />
          <CommitInput value={labels[v]?.['en-US'] ?? ''} onCommit={(s) => setLabel(v, 'en-US', s)} aria-label={t('props.en')} placeholder={t('props.en')} />
          <Button size="small" danger disabled={values.length <= 1} onClick={() => remove(i)} aria-label={t('props.removeOption')}>
            ✕
          </Button>
        </Flex>
      ))}
      <Button size="small" onClick={add}>
        {t('props.addOption')}
      </Button>
    </Flex>
  );
}
