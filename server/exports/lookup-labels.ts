import { text, valueAt, type EntityRegistry, type Language } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { RECORD_SOURCE_PREFIX } from '../lookups/record-options.ts';

type Rows = { value: string; label: string | null }[];

/** The label query of each `x-lookup` source (lookups-repo.ts lists the same sources' options), by value. */
const SOURCES: Record<string, (db: Queryable, values: string[], lang: Language) => Promise<Rows>> = {
  templates: async (db, values, lang) =>
    (await db.query<Rows[number]>(`select id as value, case when $2 = 'en-US' then name_en else name_zh end as label from templates where id = any($1::text[])`, [values, lang])).rows,
  companies: async (db, values, lang) =>
    (await db.query<Rows[number]>(`select id as value, case when $2 = 'en-US' then coalesce(name_en, name) else name end as label from companies where id = any($1::text[])`, [values, lang])).rows,
  customerGroups: async (db, values, lang) =>
    (await db.query<Rows[number]>(`select code as value, case when $2 = 'en-US' then name_en else name_zh end as label from customer_groups where code = any($1::text[])`, [values, lang])).rows,
  accounts: async (db, values) =>
    (await db.query<Rows[number]>(`select account as value, user_name || ' (' || account || ')' as label from users where account = any($1::text[])`, [values])).rows,
};

/**
 * Labels of lookup values for an export, in the request's language: each source's labels of the
 * values a batch holds are read with one query and kept for the next batches.
 */
export class LookupLabeller {
  private readonly known = new Map<string, Map<string, string>>();
  constructor(
    private readonly db: Queryable,
    private readonly registry: EntityRegistry,
    private readonly lang: Language,
  ) {}

  /** Reads the labels of the values not known yet. */
  async load(wanted: Map<string, Set<string>>): Promise<void> {
    for (const [source, values] of wanted) {
      const known = this.known.get(source) ?? new Map<string, string>();
      this.known.set(source, known);
      const missing = [...values].filter((v) => !known.has(v));
      if (!missing.length) continue;
      for (const row of await this.query(source, missing)) if (row.label) known.set(row.value, row.label);
      for (const v of missing) if (!known.has(v)) known.set(v, v);
    }
  }

  readonly label = (source: string, value: string): string | undefined => this.known.get(source)?.get(value);

  private async query(source: string, values: string[]): Promise<Rows> {
    const own = SOURCES[source];
    if (own) return own(this.db, values, this.lang);
    if (!source.startsWith(RECORD_SOURCE_PREFIX)) return [];
    const reg = this.registry.list().find((r) => r.name === source.slice(RECORD_SOURCE_PREFIX.length));
    if (!reg) return [];
    const { rows } = await this.db.query<{ id: string; doc: Record<string, unknown> }>('select id, doc from records where entity = $1 and id = any($2::text[])', [reg.name, values]);
    return rows.map((r) => {
      const v = reg.entity.titleField.startsWith('$') ? undefined : valueAt(r.doc, reg.entity.titleField);
      return { value: r.id, label: typeof v === 'string' || typeof v === 'number' ? String(v) : text(reg.entity.label, this.lang, r.id) };
    });
  }
}
