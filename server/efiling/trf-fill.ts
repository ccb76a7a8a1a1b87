import { valueAt, type EntityRegistry, type RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { LinkedData, LinkedWriteContext } from '../entities/linked-data.ts';
import { allDraftStates } from '../entities/record-links.ts';

type Doc = Record<string, unknown>;

const ENTITY = 'cpscTrfInfo';
const MAPPED = ['productLine', 'customerName', 'productCategory', 'customerProductCategory'] as const;
const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim());

/**
 * An e-filing certificate's TRF link (docs/efiling.md, "From the TRF"): whenever a certificate
 * naming a TRF (`trfId`) is written, the fields it leaves empty are filled in its transaction —
 * the TRF's number; from the TRF's latest report out of its draft states (the reports module),
 * the test report id (report no.), key (the report record) and address (its detail page) — which
 * follow a revision of that report, while they still name the earlier version as it filled them; from
 * the TRF mapping matching the TRF (its buyer's name, then its product category and DFF template
 * when the mapping names them), the mapping, product line, customer name and product categories,
 * and each certificate field the mapping's `dffFields` names from the TRF's DFF data. What the
 * user entered is never overwritten; fields the certificate's state does not let change are left.
 */
export class EfilingTrfFill implements LinkedData {
  constructor(
    private readonly registry: EntityRegistry,
    private readonly publicUrl: string,
  ) {}

  prepare(reg: RegisteredEntity): Promise<{ write(tx: Queryable, ctx: LinkedWriteContext): Promise<Doc> } | undefined> {
    if (reg.name !== ENTITY) return Promise.resolve(undefined);
    return Promise.resolve({ write: (tx, ctx) => this.fill(tx, ctx) });
  }

  checkValid(): Promise<void> {
    return Promise.resolve();
  }

  copyInput(): Promise<Doc | undefined> {
    return Promise.resolve(undefined);
  }

  remove(): Promise<void> {
    return Promise.resolve();
  }

  private async fill(tx: Queryable, ctx: LinkedWriteContext): Promise<Doc> {
    const trfId = str(ctx.doc.trfId);
    if (!trfId) return ctx.doc;
    const trf = await this.row(tx, 'select doc from records where id = $1 and entity = $2', [trfId, 'trf']);
    if (!trf) return ctx.doc;
    const found: Doc = { trfNo: trf.doc.trfNo };
    const report = await this.row(
      tx,
      `select id, doc from records where entity = 'report' and parent_id = $1 and not (state = any($2::text[]))
        order by coalesce((doc->>'reportVersion')::int, 0) desc, created_at desc limit 1`,
      [trfId, allDraftStates(this.registry)],
    );
    const doc = { ...ctx.doc };
    if (report) {
      const filled = this.reportFields(report);
      Object.assign(found, filled);
      // A report revised since the certificate took it: the fields follow the new version while they
      // still name an earlier version of this TRF's report as filled from it (nothing entered by hand).
      const key = str(doc.testReportKey);
      const earlier = key && key !== report.id ? await this.row(tx, "select id, doc from records where id = $1 and entity = 'report' and parent_id = $2", [key, trfId]) : undefined;
      if (earlier && str(doc.testReportId) === str(earlier.doc.reportNo)) {
        const before = this.reportFields(earlier);
        for (const [field, value] of Object.entries(filled)) {
          if (ctx.editable.has(field) && (empty(doc[field]) || doc[field] === before[field]) && this.fits(field, value)) doc[field] = value;
        }
      }
    }
    const mapping = await this.mappingFor(tx, trf.doc);
    if (mapping) {
      found.mappingId = mapping.id;
      for (const f of MAPPED) found[f] = mapping.doc[f];
      Object.assign(found, await this.dffValues(tx, trf.doc, mapping.doc));
    }
    for (const [field, value] of Object.entries(found)) {
      if (!empty(value) && empty(doc[field]) && ctx.editable.has(field) && this.fits(field, value)) doc[field] = value;
    }
    return doc;
  }

  /** The certificate's test report fields as a report fills them: its number, record and detail page. */
  private reportFields(report: { id: string; doc: Doc }): Doc {
    const detail = this.registry.has('report') ? this.registry.get('report').entity.routes.detail : '/report/detail';
    return { testReportId: report.doc.reportNo, testReportKey: report.id, testReportUrl: `${this.publicUrl}${detail}?id=${encodeURIComponent(report.id)}` };
  }

  /** A value taken from elsewhere is stored only when it keeps the certificate's own rules for the field (length, date, pattern). */
  private fits(field: string, value: unknown): boolean {
    const node = this.registry.get(ENTITY).schema.properties[field] as { maxLength?: number; format?: string; pattern?: string } | undefined;
    if (!node || typeof value !== 'string') return false;
    if (node.maxLength !== undefined && value.length > node.maxLength) return false;
    if (node.format === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    return !node.pattern || new RegExp(node.pattern, 'u').test(value);
  }

  /** The mapping for the TRF's buyer: the one also naming its product category and DFF template first. */
  private async mappingFor(tx: Queryable, trf: Doc): Promise<{ id: string; doc: Doc } | undefined> {
    const customer = str(valueAt(trf, 'buyer.name'));
    if (!customer) return undefined;
    const { rows } = await tx.query<{ id: string; doc: Doc }>(
      `select id, doc from records where entity = 'trfMapping' and lower(doc->>'customerName') = lower($1) order by created_at, id limit 50`,
      [customer],
    );
    const category = str(valueAt(trf, 'cclInfo.productCategory')).toLowerCase();
    const template = str(valueAt(trf, 'dff.template')) || str(trf.template);
    const score = (m: Doc) => {
      const cat = str(m.productCategory).toLowerCase();
      const tpl = str(m.dffTemplate);
      if ((category && cat && cat !== category && str(m.customerProductCategory).toLowerCase() !== category) || (tpl && template && tpl !== template)) return -1;
      return (category && (cat === category || str(m.customerProductCategory).toLowerCase() === category) ? 2 : 0) + (tpl && tpl === template ? 1 : 0);
    };
    let best: { id: string; doc: Doc; score: number } | undefined;
    for (const row of rows) {
      const s = score(row.doc);
      if (s >= 0 && (!best || s > best.score)) best = { ...row, score: s };
    }
    return best;
  }

  /** The certificate fields the mapping's `dffFields` name, from the TRF's DFF record. */
  private async dffValues(tx: Queryable, trf: Doc, mapping: Doc): Promise<Doc> {
    const pairs = Array.isArray(mapping.dffFields) ? mapping.dffFields.filter(isDoc) : [];
    const ref = isDoc(trf.dff) ? str(trf.dff.recordId) : '';
    if (!pairs.length || !ref) return {};
    const dff = await this.row(tx, 'select doc from records where id = $1', [ref]);
    const out: Doc = {};
    for (const p of pairs) {
      const value = dff ? dff.doc[str(p.dffField)] : undefined;
      if (typeof value === 'string' || typeof value === 'number') out[str(p.certificateField)] = String(value);
    }
    return out;
  }

  private async row(tx: Queryable, sql: string, params: unknown[]): Promise<{ id: string; doc: Doc } | undefined> {
    const { rows } = await tx.query<{ id: string; doc: Doc }>(sql, params);
    return rows[0];
  }
}
