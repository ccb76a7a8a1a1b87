import type { Language } from '../../engine/declaration/types.ts';

/**
 * The legal documents the footer links to (SPEC §2: terms of use and data privacy as PDFs, in
 * English and Chinese). scripts/legal-pdfs.ts prints them from the i18n texts `legal.{doc}.*`
 * into public/legal/, which Vite copies to the root of the build.
 */
export const LEGAL_DOCUMENTS = { terms: 'terms-of-use', privacy: 'data-privacy' } as const;
export type LegalDocument = keyof typeof LEGAL_DOCUMENTS;

/** The numbered sections (heading h{n}, paragraph p{n}) of each document in the resources. */
export const LEGAL_SECTIONS = [1, 2, 3, 4, 5] as const;

/** Where a document is served, e.g. /legal/terms-of-use.zh-CN.pdf. */
export const legalPdfPath = (doc: LegalDocument, lang: Language) => `/legal/${LEGAL_DOCUMENTS[doc]}.${lang}.pdf`;
