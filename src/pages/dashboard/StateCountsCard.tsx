import { Alert, Card, Flex, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { text } from '../../../engine/i18n/labels.ts';
import { shellRegionLabel, type ShellEntity } from '../../../engine/shell-entity.ts';
import { listPath } from '../../../renderers/env/entity-paths.ts';
import { useLanguage } from '../../i18n/language-store.ts';
import { useStateCounts } from './state-counts.ts';

/** One entity's records counted per state; each count opens the list filtered by that state. */
export function StateCountsCard({ reg, field }: { reg: ShellEntity; field: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { counts, failed } = useStateCounts(reg, field, lang);
  return (
    <Card
      title={text(reg.entity.label, lang, reg.name)}
      extra={<Link to={listPath(reg)}>{t('dashboard.openList')}</Link>}
      data-entity={reg.name}
      data-tile="states"
    >
      {failed && <Alert type="error" showIcon title={t('errors.generic')} style={{ marginBottom: 16 }} />}
      <Card.Meta description={t('dashboard.byState', { region: shellRegionLabel(reg, field, lang) })} style={{ marginBottom: 16 }} />
      <Flex wrap gap={12}>
        {counts.map((c) => (
          <Link key={c.value} to={listPath(reg, { [field]: c.value })} data-state={c.value} style={{ display: 'flex' }}>
            <Card size="small" hoverable style={{ width: 160 }}>
              <Statistic title={c.label} value={c.count ?? '–'} loading={c.count === undefined && !failed} />
            </Card>
          </Link>
        ))}
      </Flex>
    </Card>
  );
}
