import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from './NavigationProgress.tsx';

/** A centred spinner (and the navigation bar held at 70%) while a page or the session loads. */
export function PageLoading({ textKey = 'app.loading' }: { textKey?: string }) {
  const { t } = useTranslation();
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }}>
      <ProgressBar percent={70} visible />
      <Spin description={t(textKey)} />
    </Flex>
  );
}
