import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, DatePicker, Flex, Form, Input, Row, Select, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { STATISTICS_DECLARATION, pathLabel, text } from '../../../engine/index.ts';
import { getLookup } from '../../api/lookups.ts';
import { getStatistics, type StatisticsFilters } from '../../api/statistics.ts';
import { useSession } from '../../auth/session-store.ts';
import { usePageContext } from '../../tabs/page-context.ts';
import { useLanguage } from '../../i18n/language-store.ts';
import { useRegistry } from '../../registry/registry.ts';
import { ChartCard } from './ChartCard.tsx';

const DAY = 'YYYY-MM-DD';

/**
 * A declared statistics page (schemas/_statistics/statistics.json, by its path): the date range
 * (required, from the scope's first date, at most its longest range), the company (the user's own
 * by default) or a criterion, then each chart. The server checks the same rules and answers in the
 * user's language; its refusal is shown above the charts.
 */
export default function StatisticsPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const registry = useRegistry();
  const { pathname } = useLocation();
  // A page kept alive in its tab keeps its own path while another page shows.
  const own = usePageContext().path ?? pathname;
  const decl = STATISTICS_DECLARATION;
  const page = decl.pages.find((p) => p.path === own) ?? decl.pages[0]!;
  const ownCompany = useSession((s) => s.userInfo?.companyId);
  const today = dayjs();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>([today.subtract(11, 'month').startOf('month'), today]);
  const [company, setCompany] = useState<string | undefined>(ownCompany);
  const [criteria, setCriteria] = useState<Record<string, string>>({});
  const [applied, setApplied] = useState<StatisticsFilters | undefined>(() => (ownCompany ? { from: range![0]!.format(DAY), to: range![1]!.format(DAY), company: ownCompany } : undefined));
  const companies = useQuery({ queryKey: ['lookup', 'companies', lang], queryFn: () => getLookup({ name: 'companies', q: '' }), staleTime: Infinity });
  const charts = useQuery({ queryKey: ['statistics', page.id, applied, lang], queryFn: () => getStatistics(page.id, applied!), enabled: applied !== undefined });
  const scope = registry.has(decl.scope.entity) ? registry.get(decl.scope.entity) : undefined;
  const search = () => {
    const chosen = Object.fromEntries(Object.entries(criteria).filter(([, v]) => v.trim()));
    setApplied({ from: range?.[0]?.format(DAY) ?? '', to: range?.[1]?.format(DAY) ?? '', ...(company ? { company } : {}), criteria: chosen });
  };
  const since = useMemo(() => dayjs(decl.scope.since), [decl.scope.since]);
  return (
    <Flex vertical gap={16} data-testid="statistics" data-page={page.id}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {text(page.label, lang)}
      </Typography.Title>
      <Form layout="inline" onFinish={search} style={{ rowGap: 8 }}>
        {/* No `name`: the items hold their own state, so each label is tied to its input by htmlFor. */}
        <Form.Item label={t('statistics.range')} required htmlFor="statistics-range">
          <DatePicker.RangePicker
            id="statistics-range"
            value={range}
            onChange={(v) => setRange(v)}
            disabledDate={(d) => d.isBefore(since, 'day') || d.isAfter(today, 'day')}
            allowClear
          />
        </Form.Item>
        <Form.Item label={t('statistics.company')} htmlFor="statistics-company">
          <Select
            id="statistics-company"
            style={{ minWidth: 260 }}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={company}
            onChange={(v?: string) => setCompany(v)}
            options={(companies.data ?? []).map((o) => ({ value: o.value, label: o.label }))}
          />
        </Form.Item>
        {scope &&
          decl.scope.criteria.map((c) => (
            <Form.Item key={c} label={pathLabel(scope, c, lang)} htmlFor={`statistics-${c}`}>
              <Input id={`statistics-${c}`} allowClear value={criteria[c] ?? ''} onChange={(e) => setCriteria({ ...criteria, [c]: e.target.value })} />
            </Form.Item>
          ))}
        <Form.Item>
          <Button type="primary" htmlType="submit" data-action="search">
            {t('statistics.search')}
          </Button>
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">{t('statistics.rules', { since: decl.scope.since, days: decl.scope.maxDays })}</Typography.Text>
      {charts.isError && <Alert type="error" showIcon title={(charts.error as Error).message} data-testid="statistics-error" />}
      {charts.isFetching && !charts.data && <Spin />}
      {charts.data && applied && !charts.isError && (
        <Row gutter={[16, 16]} data-loaded={charts.isFetching ? undefined : 'true'}>
          {charts.data.charts.map((chart) => (
            <Col key={chart.id} xs={24} xl={12}>
              <ChartCard page={page.id} chart={chart} filters={applied} />
            </Col>
          ))}
        </Row>
      )}
    </Flex>
  );
}
