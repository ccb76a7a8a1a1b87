import type { Language, RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { SessionUser } from '../auth/sessions.ts';

type Doc = Record<string, unknown>;

/** What a record's write tells the data linked to it, inside the record's own transaction. */
export interface LinkedWriteContext {
  id: string;
  /** The document about to be stored (checked, numbered). */
  doc: Doc;
  /** The stored document before this write (updates only). */
  previous?: Doc;
  /** The record's state saves drafts (linked data skips `required` too). */
  draft: boolean;
  /** The fields the record's state lets change, and the state's label for messages. */
  editable: ReadonlySet<string>;
  /** The keys of the record's active states (linked fields may name them in `x-editableIn`). */
  activeStates: ReadonlySet<string>;
  state: string;
  companyId: string;
  visibleTo: readonly string[];
  user: SessionUser;
  lang: Language;
}

/** A prepared write of linked data: `write` runs inside the record's transaction and returns the document to store. */
export interface LinkedWrite {
  write(tx: Queryable, ctx: LinkedWriteContext): Promise<Doc>;
}

/**
 * Data stored with a record in the same transaction (a TRF's DFF section: server/templates/dff-records.ts).
 * `prepare` runs before the transaction (it may read settings) and answers undefined for
 * entities that link nothing.
 */
export interface LinkedData {
  prepare(reg: RegisteredEntity, body: Doc, doc: Doc, lang: Language): Promise<LinkedWrite | undefined>;
  /** An event that needs a valid document: the linked data must pass its full rules too. */
  checkValid(tx: Queryable, reg: RegisteredEntity, doc: Doc, lang: Language): Promise<void>;
  /**
   * What a copy of the record carries of its linked data, as the request body's own field of it
   * (`{ dff: … }`); nothing when there is none, or when it would not fit the copy.
   */
  copyInput(reg: RegisteredEntity, source: Doc, lang: Language): Promise<Doc | undefined>;
  /** The record is removed: its linked data goes with it. */
  remove(tx: Queryable, reg: RegisteredEntity, id: string, user: SessionUser): Promise<void>;
}

/**
 * Several kinds of linked data as one (a TRF's DFF section, a company's first account): each
 * prepares its own part, and the parts write in turn, each given the document the one before returned.
 */
export function combineLinked(parts: readonly LinkedData[]): LinkedData {
  return {
    async prepare(reg, body, doc, lang) {
      const writes = (await Promise.all(parts.map((p) => p.prepare(reg, body, doc, lang)))).filter((w): w is LinkedWrite => Boolean(w));
      if (!writes.length) return undefined;
      return {
        async write(tx, ctx) {
          let out = ctx.doc;
          for (const w of writes) out = await w.write(tx, { ...ctx, doc: out });
          return out;
        },
      };
    },
    async checkValid(tx, reg, doc, lang) {
      for (const p of parts) await p.checkValid(tx, reg, doc, lang);
    },
    async copyInput(reg, source, lang) {
      const inputs = await Promise.all(parts.map((p) => p.copyInput(reg, source, lang)));
      return inputs.some(Boolean) ? Object.assign({}, ...inputs) : undefined;
    },
    async remove(tx, reg, id, user) {
      for (const p of parts) await p.remove(tx, reg, id, user);
    },
  };
}
