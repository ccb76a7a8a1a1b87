import { pathKeys, type EntityRegistry } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { MenuLink } from './menu.ts';

/** A declared path as a jsonb text read (`#>>`), the parts bound as one text array. */
const at = (path: string) => pathKeys(path);

/**
 * The menu links of a company (entity `menuLinks`, docs/declarations.md §3): the records of each
 * declaring entity whose `for` field names the company and whose `when` field (if declared) is
 * true, at most 50 per entity, by their `order` field. Only http(s) addresses become links.
 */
export async function menuLinksOf(db: Queryable, registry: EntityRegistry, companyId: string): Promise<MenuLink[]> {
  const out: MenuLink[] = [];
  for (const reg of registry.list()) {
    const d = reg.entity.menuLinks;
    if (!d) continue;
    const { rows } = await db.query<{ zh: string | null; en: string | null; url: string | null; ord: string | null }>(
      `select doc #>> $3::text[] as zh, doc #>> $4::text[] as en, doc #>> $5::text[] as url, doc #>> $6::text[] as ord
       from records where entity = $1 and doc #>> $2::text[] = $7 and ($8::text[] is null or doc #>> $8::text[] = 'true')
       order by created_at limit 50`,
      [reg.name, at(d.for), at(d.label['zh-CN']), at(d.label['en-US']), at(d.url), d.order ? at(d.order) : ['$none'], companyId, d.when ? at(d.when) : null],
    );
    for (const r of rows) {
      if (!r.url || !/^https?:\/\//.test(r.url)) continue;
      const ord = Number(r.ord);
      out.push({ label: { 'zh-CN': r.zh || r.en || r.url, 'en-US': r.en || r.zh || r.url }, url: r.url, group: d.group, order: Number.isFinite(ord) ? ord : 0, icon: d.icon ?? 'link' });
    }
  }
  return out;
}
