import { Divider, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LEGAL_DOCUMENTS, type LegalDocument } from './legal-documents.ts';
import { LegalLinks } from './LegalLinks.tsx';

/** The footer: the terms of use and data privacy PDFs (SPEC §2), each in both languages, and the copyright line. */
export function ShellFooter() {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" gap={4} data-testid="shell-footer">
      <Flex wrap justify="center" align="center">
        {(Object.keys(LEGAL_DOCUMENTS) as LegalDocument[]).map((doc, i) => (
          <span key={doc}>
            {i > 0 && <Divider orientation="vertical" />}
            <LegalLinks doc={doc} />
          </span>
        ))}
      </Flex>
      <Typography.Text type="secondary">{t('app.copyright')}</Typography.Text>
    </Flex>
  );
}
