import { resolve } from 'node:path';
import { build, type Plugin, type Rollup, type UserConfig } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Where the client's signed-in part starts. */
export interface ShellChunkFiles {
  /** The signed-in frame every page with a session renders in. */
  shell: string;
  /** The module whose own dynamic imports are the pages with a session, which render inside the shell (the public pages are imported elsewhere). */
  signedInRoutes: string;
}

/**
 * The chunk of the modules tree-shaking dropped (a barrel such as antd's index, the parts of a
 * package the portal does not use). Left unnamed, Rollup would move them into the chunk of the
 * first named module importing them, and that chunk would then import what their imports hold.
 * Nothing imports this chunk; it is not written.
 */
const UNUSED = 'unused';

/** Each module's chunk name, for the build's `manualChunks`. */
type ChunkPlan = Map<string, string>;

/** Set while the planning build runs (the same configuration and plugin objects, built once more in this process). */
const PLANNING = 'PORTICO_CHUNK_PLANNING';
/** Where the planning build leaves its plan for the build that asked for it. */
const PLAN_SLOT = Symbol.for('portico.chunkPlan');
type Slot = { [PLAN_SLOT]?: ChunkPlan };

/** Every chunk reached from `roots` through `next`, never entering `stop`. */
function reach(roots: Iterable<string>, next: (file: string) => readonly string[], stop: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const todo = [...roots].filter((f) => !stop.has(f));
  for (let f = todo.pop(); f !== undefined; f = todo.pop()) {
    if (seen.has(f)) continue;
    seen.add(f);
    for (const to of next(f)) if (!seen.has(to) && !stop.has(to)) todo.push(to);
  }
  return seen;
}

/**
 * The plan from Rollup's own chunks (which hold only what tree-shaking kept, and say which chunks
 * each loads at once and on demand). Rollup groups the modules loaded by the same entries: the
 * page's entry, and each chunk imported on demand. A chunk the shell loads is regrouped here by
 * the entries that may load it before the shell only (the public pages, the language packs…):
 * the signed-in pages that also use it run inside the shell, so it is in the browser when they
 * run, and telling them apart only cut the shell into dozens of files. Every other chunk stays as
 * it was. Every module is named, since Rollup moves a named module's unnamed imports into its chunk.
 */
export function planChunks(bundle: OutputBundle, signedInModules: readonly string[], shellModule: string): ChunkPlan {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const fileOf = new Map(chunks.flatMap((c) => c.moduleIds.map((id) => [id, c.fileName] as const)));
  const statics = (f: string) => byFile.get(f)?.imports ?? [];
  const dynamics = (f: string) => byFile.get(f)?.dynamicImports ?? [];
  const entry = chunks.find((c) => c.isEntry);
  const shell = fileOf.get(shellModule);
  const plan: ChunkPlan = new Map();
  if (!entry || !shell) return plan;
  const signedIn = new Set([shell, ...signedInModules.flatMap((id) => fileOf.get(id) ?? [])]);
  const atStart = reach([entry.fileName], statics);
  const beforeShell = reach([...atStart].flatMap(dynamics), (f) => [...statics(f), ...dynamics(f)], signedIn);
  const loadedBy = new Map<string, string[]>();
  for (const start of chunks.filter((c) => c.isDynamicEntry).map((c) => c.fileName).sort()) {
    for (const f of reach([start], statics)) {
      const by = loadedBy.get(f);
      if (by) by.push(start);
      else loadedBy.set(f, [start]);
    }
  }
  const taken = new Set<string>(['shell']);
  const unique = (name: string) => {
    let n = name;
    for (let i = 2; taken.has(n); i++) n = `${name}${i}`;
    taken.add(n);
    return n;
  };
  const groups = new Map<string, string>();
  for (const chunk of chunks) {
    const by = loadedBy.get(chunk.fileName) ?? [];
    const regrouped = !atStart.has(chunk.fileName) && by.includes(shell);
    const early = by.filter((f) => beforeShell.has(f));
    const key = regrouped ? ['shell', ...early].join('\n') : chunk.fileName;
    let name = groups.get(key);
    if (!name) {
      const first = early[0];
      name = !regrouped ? unique(chunk.name) : first ? unique(`shell-${byFile.get(first)!.name}`) : 'shell';
      groups.set(key, name);
    }
    for (const id of chunk.moduleIds) plan.set(id, name);
  }
  return plan;
}

/** Leaves out the chunk of dropped modules (its code is only imports: what their imports hold); a chunk importing it fails the build. */
function dropUnused(bundle: OutputBundle): void {
  for (const [file, chunk] of Object.entries(bundle)) {
    if (chunk.type !== 'chunk' || chunk.name !== UNUSED) continue;
    const users = Object.values(bundle).filter((c) => c.type === 'chunk' && (c.imports.includes(file) || c.dynamicImports.includes(file)));
    if (users.length) {
      const kept = Object.entries(chunk.modules).filter(([, m]) => m.renderedLength > 0).map(([id]) => id);
      throw new Error(`${users.map((c) => c.fileName).join(', ')} import modules the planning build did not have: ${kept.slice(0, 5).join(', ')}`);
    }
    delete bundle[file];
  }
}

/**
 * Fewer, larger scripts for a signed-in page (issue 22): Rollup cut the shell alone into about 60
 * small files (antd's components and the shell's widgets, each shared with a different set of
 * pages), and a cold signed-in page waited on them six at a time over HTTP/1.1, every one a
 * request, a compile and a task more for the browser on a 2-core machine. What a visitor without a
 * session loads stays as it was (the login page runs the same modules, in fewer files).
 *
 * Rollup's `manualChunks` sees the modules before tree-shaking (barrels such as antd's index
 * import every component), so the build first runs once more without writing (a planning build:
 * about as long as the build), plans from the chunks it made, and then chunks by the plan.
 */
export function shellChunk(files: ShellChunkFiles): Plugin {
  const planning = () => process.env[PLANNING] === '1';
  let root = process.cwd();
  let userConfig: UserConfig | undefined;
  let plan: ChunkPlan = new Map();
  const manualChunks: Rollup.GetManualChunk = (id) => (plan.size ? (plan.get(id) ?? UNUSED) : undefined);
  return {
    name: 'portico:shell-chunk',
    apply: 'build',
    config(config) {
      if (planning()) return;
      // The portal's own build only (Storybook builds its iframe with these plugins too).
      userConfig = config.build?.rollupOptions?.input === undefined ? config : undefined;
    },
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      if (planning() || !userConfig) return;
      process.env[PLANNING] = '1';
      try {
        // The same configuration and plugins (a test's own included), not written, not minified.
        const unwritten = { ...userConfig.build, write: false, minify: false, reportCompressedSize: false, emptyOutDir: false };
        await build({ ...userConfig, configFile: false, logLevel: 'silent', build: unwritten });
      } finally {
        delete process.env[PLANNING];
      }
      plan = (globalThis as Slot)[PLAN_SLOT] ?? new Map();
      delete (globalThis as Slot)[PLAN_SLOT];
    },
    outputOptions(options) {
      return planning() ? options : { ...options, manualChunks };
    },
    generateBundle(_options, bundle) {
      if (!planning()) {
        if (plan.size) dropUnused(bundle);
        return;
      }
      const signedInRoutes = resolve(root, files.signedInRoutes);
      (globalThis as Slot)[PLAN_SLOT] = planChunks(bundle, this.getModuleInfo(signedInRoutes)?.dynamicallyImportedIds ?? [], resolve(root, files.shell));
    },
  };
}
