import type { DataProvider } from '../../renderers/env/data-provider.ts';
import { copyRecord, createRecord, deleteRecord, getRecord, getRecordHistory, listRecords, sendRecordEvent, updateRecord } from './entities.ts';
import { fileUrl, uploadFile } from './files.ts';
import { getLookup } from './lookups.ts';
import { exportList } from './exports.ts';
import { importRows, importTemplate } from './imports.ts';
import { ensureTemplateVersion } from '../registry/registry.ts';

/** The renderers' data contract over the portal's HTTP API. */
export const httpDataProvider: DataProvider = {
  list: listRecords,
  // A record made with an older template version brings that version into the registry first.
  get: async (ref) => {
    const record = await getRecord(ref);
    await ensureTemplateVersion(ref.entity, record.templateVersion);
    return record;
  },
  create: createRecord,
  update: updateRecord,
  remove: deleteRecord,
  transition: sendRecordEvent,
  history: getRecordHistory,
  copy: copyRecord,
  lookup: getLookup,
  upload: uploadFile,
  fileUrl,
  exportList,
  importTemplate,
  importRows,
};
