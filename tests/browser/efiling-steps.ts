import { expect } from 'vitest';
import { createStaticRegistry, enumLabel } from '../../engine/index.ts';
import { POLL, type PortalPage } from './portal-page.ts';

const certificate = createStaticRegistry().get('cpscTrfInfo').schema.properties;
const productIdType = certificate.productIds as { items: { properties: { type: unknown } } };

/** The masters a certificate names, by what its form's pickers show. */
export interface CertificateParties {
  readonly importer: string;
  readonly citation: string;
  readonly manufacturer: string;
  readonly lab: string;
  readonly contact: string;
}

/**
 * Completes a certificate's elements in its open form, as staff would: a full certificate of a
 * children's product, its importer (which brings its certifier id), a GTIN, the citation, the
 * parties, the CPSC lab id, and the dates and places of manufacture and testing.
 */
export async function completeCertificate(staff: PortalPage, parties: CertificateParties): Promise<void> {
  const { page, lang } = staff;
  await staff.pick('root_certificateType', enumLabel(certificate.certificateType, 'full', lang));
  await staff.pick('root_importerCustomerId', parties.importer);
  const children = page.locator('#root_childrensProduct');
  await children.click();
  await expect.poll(() => children.evaluate((el) => (el as HTMLInputElement).checked ?? el.getAttribute('aria-checked') === 'true'), POLL).toBe(true);
  // A new certificate's form opens with the one product id row its schema requires; an edited one may have none yet.
  if (!(await page.locator('#root_productIds_0_type').count())) await page.locator('.rjsf-array-item-add').first().click();
  await staff.pick('root_productIds_0_type', enumLabel(productIdType.items.properties.type as never, 'gtin', lang));
  await page.locator('#root_productIds_0_value').fill('00012345678905');
  await staff.pick('root_citations', parties.citation);
  await staff.pick('root_manufacturerId', parties.manufacturer);
  await staff.pick('root_labId', parties.lab);
  await staff.pick('root_pointOfContactId', parties.contact);
  await page.locator('#root_cpscLabId').fill('1234');
  await staff.typeDate('root_manufactureDate', '2026-09-01');
  await page.locator('#root_manufacturePlace').fill('Shenzhen, CN');
  await staff.typeDate('root_lastTestDate', '2026-09-10');
  await page.locator('#root_testPlace').fill('Shanghai, CN');
}
