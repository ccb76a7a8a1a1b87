import { fieldLabel, fieldPath, joinPath, lookupContextValues, lookupDerivations, message, valueAt, type EntityRegistry, type Language, type LookupDerivation, type RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { ApiError } from '../http/errors.ts';
import { sourceOptions } from '../lookups/routes.ts';

type Doc = Record<string, unknown>;

const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Each registration's lookups with server-derived siblings, found once (registrations are immutable). */
const found = new WeakMap<RegisteredEntity, LookupDerivation[]>();
function derivationsOf(reg: RegisteredEntity): LookupDerivation[] {
  let list = found.get(reg);
  if (!list) found.set(reg, (list = lookupDerivations(reg.schema)));
  return list;
}

const holderIn = (doc: Doc | undefined, d: LookupDerivation): Doc | undefined => {
  const holder = doc && (d.at ? valueAt(doc, d.at) : doc);
  return isDoc(holder) ? holder : undefined;
};

const filled = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Whether the stored document holds the same lookup value and every sibling derived from it: they are kept. */
function keptFrom(previous: Doc | undefined, d: LookupDerivation, value: string): Doc | undefined {
  const before = holderIn(previous, d);
  return before && before[d.field] === value && Object.keys(d.derived).every((s) => filled(before[s])) ? before : undefined;
}

/**
 * A copy of the document whose server-derived siblings (`x-lookupDerived`) of unchanged lookup
 * values are the stored ones, whatever the client sent (or left out): they are no edit of the
 * client's (an update's changed fields and editability ignore them). `previous`: the stored document.
 */
export function keepDerived(reg: RegisteredEntity, previous: Doc | undefined, doc: Doc): Doc {
  const list = derivationsOf(reg);
  if (!list.length) return doc;
  const out = structuredClone(doc);
  for (const d of list) {
    const holder = holderIn(out, d);
    const value = holder?.[d.field];
    const kept = filled(value) ? keptFrom(previous, d, value) : undefined;
    if (holder && kept) for (const s of Object.keys(d.derived)) holder[s] = kept[s];
  }
  return out;
}

/**
 * Server-derived lookup siblings (`x-lookupDerived`, docs/declarations.md §1): on every create and
 * update each is the lookup source's option data of the saved value (`x-lookupFill`'s key), read
 * with the writer's scope and the field's `x-lookupContext` — an enrolment's trainee company is the
 * trainee account's company, whatever the client sent. What the client sent is overwritten, not
 * refused: the sibling is no input of the user's (a hidden field), and a stale one (the form filled
 * it before the account moved) would otherwise be an error the user cannot mend in the form. An
 * empty lookup empties its siblings; an unchanged value keeps the stored ones; a new value the
 * source does not offer the writer is 400 `LOOKUP_NOT_AVAILABLE` on the field (an unchanged one
 * whose siblings were never stored — a record made before the declaration — leaves them empty).
 */
export async function fillDerived(tx: Queryable, registry: EntityRegistry, reg: RegisteredEntity, previous: Doc | undefined, doc: Doc, user: SessionUser, lang: Language): Promise<Doc> {
  const list = derivationsOf(reg);
  if (!list.length) return doc;
  const out = keepDerived(reg, previous, doc);
  for (const d of list) {
    const holder = holderIn(out, d);
    if (!holder) continue;
    const value = holder[d.field];
    const siblings = Object.keys(d.derived);
    const clear = () => siblings.forEach((s) => delete holder[s]);
    if (!filled(value)) {
      clear();
      continue;
    }
    if (keptFrom(previous, d, value)) continue;
    const options = await sourceOptions(tx, registry, d.source, lang, '', user, lookupContextValues(d.node['x-lookupContext'], out), [value]);
    const option = options?.find((o) => o.value === value);
    clear();
    if (option) {
      for (const [s, key] of Object.entries(d.derived)) if (option.data?.[key] !== undefined) holder[s] = option.data[key];
      continue;
    }
    if (holderIn(previous, d)?.[d.field] === value) continue;
    const path = joinPath(d.at, fieldPath([d.field]));
    const said = { field: fieldLabel(d.node, lang, path) };
    throw new ApiError(400, 'LOOKUP_NOT_AVAILABLE', said, [{ field: path, keyword: 'lookup', message: message('LOOKUP_NOT_AVAILABLE', lang, said) }]);
  }
  return out;
}
