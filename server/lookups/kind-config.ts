import type { Queryable } from '../db/database.ts';

/** The entity of the material configuration (/customer/material/config, schemas/materialConfig/) and its template field per kind. */
const CONFIG_ENTITY = 'materialConfig';
const TEMPLATE_FIELD = { material: 'materialTemplate', product: 'productTemplate' } as const;

const norm = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');

/**
 * The template a material configuration names for a document's buyer and product category (the
 * lookup's `x-lookupContext`: a TRF's `buyer`, `productCategory`): the configuration of that buyer
 * and category, else the buyer's configuration for every category (an empty category); undefined
 * when the buyer has none, or it names no template of the kind — then every template of the kind
 * is offered, as before any configuration. Configurations are rules, read whoever asks.
 */
export async function configuredTemplate(db: Queryable, kind: 'material' | 'product', context: Readonly<Record<string, string>>): Promise<string | undefined> {
  const buyer = context.buyer;
  if (!buyer) return undefined;
  const { rows } = await db.query<{ doc: Record<string, unknown> }>(`select doc from records where entity = $1 and doc->>'buyer' = $2 order by created_at, id`, [CONFIG_ENTITY, buyer]);
  const category = norm(context.productCategory);
  const chosen = (category ? rows.find((r) => norm(r.doc.productCategory) === category) : undefined) ?? rows.find((r) => !norm(r.doc.productCategory));
  const code = chosen?.doc[TEMPLATE_FIELD[kind]];
  return typeof code === 'string' && code ? code : undefined;
}
