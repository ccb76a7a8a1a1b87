import type { checkTemplateJob, importSchemaJob, schemaTitleJob, validateRecordsJob } from '../templates/template-jobs.ts';
import type { readSheetJob } from '../imports/sheet-job.ts';
import type { renderPdfJob } from '../documents/pdf-job.ts';
import type { writeWorkbookJob } from '../exports/workbook-job.ts';

/**
 * The jobs the pool runs (server/jobs/pool.ts), by name: each is an exported function of a module
 * that the worker imports by its URL (server/jobs/worker.mjs), so the server's thread never loads
 * what only a job needs. Inputs and outputs are structured-cloneable data (no registry, no class).
 * Adding a job: export it from its module, add its reference here and its type to JobFunctions.
 */
export interface JobRef {
  /** The module's URL. */
  module: string;
  /** The exported function's name. */
  fn: string;
}

interface JobFunctions {
  checkTemplate: typeof checkTemplateJob;
  importSchema: typeof importSchemaJob;
  schemaTitle: typeof schemaTitleJob;
  readSheet: typeof readSheetJob;
  renderPdf: typeof renderPdfJob;
  writeWorkbook: typeof writeWorkbookJob;
  validateRecords: typeof validateRecordsJob;
}

export type JobName = keyof JobFunctions;
export type JobInput<K extends JobName> = Parameters<JobFunctions[K]>[0];
export type JobOutput<K extends JobName> = Awaited<ReturnType<JobFunctions[K]>>;

const at = (path: string) => new URL(path, import.meta.url).href;

export const JOBS: Record<JobName, JobRef> = {
  checkTemplate: { module: at('../templates/template-jobs.ts'), fn: 'checkTemplateJob' },
  importSchema: { module: at('../templates/template-jobs.ts'), fn: 'importSchemaJob' },
  schemaTitle: { module: at('../templates/template-jobs.ts'), fn: 'schemaTitleJob' },
  readSheet: { module: at('../imports/sheet-job.ts'), fn: 'readSheetJob' },
  renderPdf: { module: at('../documents/pdf-job.ts'), fn: 'renderPdfJob' },
  writeWorkbook: { module: at('../exports/workbook-job.ts'), fn: 'writeWorkbookJob' },
  validateRecords: { module: at('../templates/template-jobs.ts'), fn: 'validateRecordsJob' },
};
