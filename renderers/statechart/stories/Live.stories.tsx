import type { Meta, StoryObj } from '@storybook/react-vite';
import { LANGUAGES, createStaticRegistry, toPermissionMap, type Language } from '../../../engine/index.ts';
import { LifecycleDrawer } from '../LifecycleDrawer.tsx';
import { LiveStatechart } from '../LiveStatechart.tsx';
import { sampleRecord } from './sample-record.ts';

const reg = createStaticRegistry().get('trf');
const inTesting = sampleRecord(reg, [
  { type: 'SUBMIT' },
  { type: 'SEND_QUOTATION' },
  { type: 'ACCEPT_APPLICATION' },
  { type: 'PEND', reason: 'Waiting for samples' },
  { type: 'RESUME' },
  { type: 'CONFIRM_SAMPLE_RECEIVED', sampleReceivedDate: '2024-03-01' },
  { type: 'START_TESTING' },
]);
const lab = toPermissionMap(['trf:test', 'trf:pend', 'trf:cancel', 'trf:issueReport']);
const customer = toPermissionMap(['quotation:confirm', 'trf:cancel']);

interface Args {
  lang: Language;
}

const meta = {
  title: 'Lifecycles/Live record',
  args: { lang: 'zh-CN' },
  argTypes: { lang: { control: 'inline-radio', options: LANGUAGES } },
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<Args>;

/** A TRF in testing seen by the lab: what it can do now in green, its path numbered in blue. */
export const TrfInTestingForLab: Story = {
  render: ({ lang }) => <LiveStatechart reg={reg} record={inTesting.record} permissions={lab} history={inTesting.history} lang={lang} height="70vh" />,
};

/** The same TRF seen by the customer: lab transitions grey (not permitted), the quotation open. */
export const TrfInTestingForCustomer: Story = {
  render: ({ lang }) => <LiveStatechart reg={reg} record={inTesting.record} permissions={customer} history={inTesting.history} lang={lang} height="70vh" />,
};

/** The drawer the detail page opens with "View lifecycle": live view and simulation from here. */
export const LifecycleDrawerOpen: Story = {
  render: ({ lang }) => (
    <LifecycleDrawer reg={reg} record={inTesting.record} permissions={lab} history={inTesting.history} lang={lang} open onClose={() => undefined} />
  ),
};
