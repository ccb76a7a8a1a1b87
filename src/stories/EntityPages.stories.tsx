import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Alert } from 'antd';
import { LANGUAGES, createStaticRegistry, toPermissionMap, type EntityRecord, type Language } from '../../engine/index.ts';
import { EntityList } from '../../renderers/list/EntityList.tsx';
import { EntityDetail } from '../../renderers/detail/EntityDetail.tsx';
import { EntityForm } from '../../renderers/form/EntityForm.tsx';
import { memoryDataProvider } from './memory-data-provider.ts';
import { StoryEnv } from './StoryEnv.tsx';

/**
 * The generated list, detail and form pages of the TRF, rendered from its declarations over an
 * in-memory data provider. Any registered entity renders the same way.
 */
const registry = createStaticRegistry();
const trf = registry.get('trf');
const customer = toPermissionMap(['trf:list', 'trf:read', 'trf:create', 'trf:update', 'trf:submit', 'trf:withdraw', 'trf:cancel', 'trf:delete', 'quotation:confirm']);
const lab = toPermissionMap(['trf:list', 'trf:read', 'trf:update', 'trf:accept', 'trf:confirmSample', 'trf:test', 'trf:issueReport', 'trf:pend', 'trf:return', 'trf:cancel', 'quotation:send']);
const templates = {
  templates: [
    { value: 'TPL-TEXTILE', label: 'Textiles — general testing' },
    { value: 'TPL-TOYS', label: 'Toy safety testing' },
  ],
  companies: [{ value: 'c-buyer', label: 'Demo Buyer Co., Ltd.' }],
};
const doc = (template: string, received: string, due: string) => ({
  template,
  sampleReceivedDate: received,
  dueDate: due,
  buyer: { companyId: 'c-buyer', name: 'Demo Buyer Co., Ltd.', contactName: 'Wang', contactEmail: 'wang@example.com' },
  samples: [{ sampleNo: 'S-001', description: 'Knitted top', material: 'Cotton', color: 'Navy', quantity: 3 }],
});

/** A fresh in-memory store per story with a few TRFs in several states. */
function useStore() {
  const [log, setLog] = useState<string[]>([]);
  const data = useMemo(() => memoryDataProvider(registry, templates), []);
  const [seeded, setSeeded] = useState<EntityRecord[] | undefined>();
  useEffect(() => {
    void (async () => {
      const a = await data.create({ entity: 'trf', doc: { ...doc('TPL-TEXTILE', '2026-11-02', '2026-11-12'), trfNo: 'TRF261122000001' } });
      const b = await data.create({ entity: 'trf', doc: { ...doc('TPL-TOYS', '2026-11-03', '2026-11-13'), trfNo: 'TRF261122000002' } });
      let c = await data.transition({ entity: 'trf', id: b.id, event: 'SUBMIT', version: b.version });
      c = await data.transition({ entity: 'trf', id: c.id, event: 'ACCEPT_APPLICATION', version: c.version });
      c = await data.transition({ entity: 'trf', id: c.id, event: 'CONFIRM_SAMPLE_RECEIVED', version: c.version, payload: { sampleReceivedDate: '2026-11-04' } });
      c = await data.transition({ entity: 'trf', id: c.id, event: 'START_TESTING', version: c.version });
      setSeeded([a, c]);
    })();
  }, [data]);
  return { data, seeded, log, onNavigate: (to: string) => setLog((l) => [...l.slice(-4), to]) };
}

function Navigation({ log }: { log: string[] }) {
  return log.length ? <Alert style={{ marginTop: 16 }} type="info" title={log.join('  →  ')} /> : null;
}

interface Args {
  lang: Language;
  as: 'customer' | 'lab';
}

const meta = {
  title: 'Renderers/Generated pages',
  args: { lang: 'zh-CN', as: 'customer' },
  argTypes: { lang: { control: 'inline-radio', options: LANGUAGES }, as: { control: 'inline-radio', options: ['customer', 'lab'] } },
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<Args>;

/** A story's page over the seeded store, as the customer or the lab; `page` gets the TRF in testing. */
function SeededPage({ lang, as, page }: Args & { page(inTesting: EntityRecord): ReactNode }) {
  const { data, seeded, log, onNavigate } = useStore();
  if (!seeded) return null;
  return (
    <StoryEnv lang={lang} data={data} permissions={as === 'lab' ? lab : customer} onNavigate={onNavigate}>
      {page(seeded[1]!)}
      <Navigation log={log} />
    </StoryEnv>
  );
}

function ListPage() {
  const [search, setSearch] = useState(new URLSearchParams());
  return <EntityList reg={trf} search={search} onSearchChange={setSearch} />;
}

/** The list: declared columns, filters (states from the machine, lookups, ranges), server-style paging. */
export const List: Story = { render: (args) => <SeededPage {...args} page={() => <ListPage />} /> };

/** The detail: sections, the actions this user may take now, the history timeline. */
export const DetailInTesting: Story = {
  args: { as: 'lab' },
  render: (args) => <SeededPage {...args} page={(r) => <EntityDetail reg={trf} id={r.id} />} />,
};

/** A new TRF: every section of the declared form, validated with the shared compiled schema. */
export const NewForm: Story = { render: (args) => <SeededPage {...args} page={() => <EntityForm reg={trf} />} /> };

/** Editing a TRF in testing: only the fields the state allows are editable. */
export const EditInTesting: Story = {
  args: { as: 'lab' },
  render: (args) => <SeededPage {...args} page={(r) => <EntityForm reg={trf} id={r.id} />} />,
};
