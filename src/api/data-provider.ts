import type { DataProvider } from '../../renderers/env/data-provider.ts';
import { copyRecord, createRecord, deleteRecord, getRecord, getRecordHistory, listRecords, sendRecordEvent, updateRecord } from './entities.ts';
import { fileUrl, uploadFile } from './files.ts';
import { getLookup } from './lookups.ts';

/** The renderers' data contract over the portal's HTTP API. */
export const httpDataProvider: DataProvider = {
  list: listRecords,
  get: getRecord,
  create: createRecord,
  update: updateRecord,
  remove: deleteRecord,
  sendEvent: sendRecordEvent,
  history: getRecordHistory,
  copy: copyRecord,
  lookup: getLookup,
  upload: uploadFile,
  fileUrl,
};
