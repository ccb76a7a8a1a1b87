import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** A centred spinner while a page or the session loads. */
export function PageLoading({ textKey = 'app.loading' }: { textKey?: string }) {
  const { t } = useTranslation();
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }}>
      <Spin description={t(textKey)} />
    </Flex>
  );
}
