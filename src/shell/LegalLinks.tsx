import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../engine/declaration/types.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { legalPdfPath, type LegalDocument } from './legal-documents.ts';

/**
 * A legal document's PDF in the user's language, followed by the versions in the other languages
 * (e.g. "Terms of use (English)" for a Chinese user); each opens in a new tab. Plain links (no
 * antd), so the login page can show them without growing.
 */
export function LegalLinks({ doc }: { doc: LegalDocument }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const title = t(`legal.${doc}.title`);
  return (
    <span data-testid={`legal-${doc}`}>
      <a href={legalPdfPath(doc, lang)} target="_blank" rel="noopener" type="application/pdf" hrefLang={lang}>
        {title}
      </a>
      {LANGUAGES.filter((l) => l !== lang).map((other) => (
        <span key={other}>
          {' ('}
          <a href={legalPdfPath(doc, other)} target="_blank" rel="noopener" type="application/pdf" hrefLang={other} lang={other} aria-label={`${title} · ${t(`language.${other}`)}`}>
            {t(`language.${other}`)}
          </a>
          {')'}
        </span>
      ))}
    </span>
  );
}
