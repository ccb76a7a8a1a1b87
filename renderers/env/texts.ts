/**
 * Every interface text the renderers show that does not come from a declaration. The portal
 * supplies them (src/i18n resources, under `renderer.`) through the renderer environment, so
 * renderers hold no user-visible text. Placeholders use `{{name}}`.
 */
export const RENDERER_TEXT_KEYS = [
  'common.ok',
  'common.cancel',
  'common.back',
  'common.loading',
  'common.loadFailed',
  'common.retry',
  'common.listSeparator',
  'list.new',
  'list.search',
  'list.reset',
  'list.total',
  'list.selectPlaceholder',
  'list.textPlaceholder',
  'detail.edit',
  'detail.history',
  'detail.historyEmpty',
  'detail.actionDone',
  'detail.confirmTitle',
  'detail.dismiss',
  'detail.payloadTitle',
  'detail.invalidForAction',
  'detail.removed',
  'detail.copied',
  'detail.download',
  'detail.empty',
  'detail.createdBy',
  'history.create',
  'history.update',
  'history.delete',
  'history.copy',
  'history.event',
  'history.changed',
  'history.stateChange',
  'form.newTitle',
  'form.editTitle',
  'form.save',
  'form.saveDraft',
  'form.saved',
  'form.invalid',
  'form.conflictTitle',
  'form.conflictReload',
  'form.notEditable',
  'form.dff',
  'form.dffTemplate',
  'form.dffNeedsBuyer',
  'form.addRow',
  'upload.button',
  'upload.tooLarge',
  'upload.wrongType',
  'upload.tooMany',
  'upload.failed',
  'lookup.placeholder',
] as const;

export type RendererTextKey = (typeof RENDERER_TEXT_KEYS)[number];

/** Looks up a renderer text in the current language, filling `{{name}}` placeholders. */
export type RendererTranslate = (key: RendererTextKey, params?: Record<string, string | number>) => string;
