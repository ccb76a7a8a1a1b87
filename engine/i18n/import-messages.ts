/**
 * What a JSON Schema import (engine/templates/import.ts) reports, field by field: what it changed
 * and what it could not keep. Part of MESSAGES (messages.ts).
 */
export const IMPORT_MESSAGES = {
  TEMPLATE_IMPORT_REFUSED: { 'zh-CN': '无法导入该 Schema：{count} 处问题', 'en-US': 'The schema cannot be imported: {count} problem(s)' },
  TEMPLATE_IMPORT_NOT_JSON: { 'zh-CN': '“{file}”不是有效的 JSON：{detail}', 'en-US': '"{file}" is not valid JSON: {detail}' },
  TEMPLATE_IMPORT_NOT_SCHEMA: { 'zh-CN': '“{file}”不是 JSON Schema：须为 JSON 对象（或 true/false）', 'en-US': '"{file}" is not a JSON Schema: it must be a JSON object (or true/false)' },
  TEMPLATE_IMPORT_TOO_DEEP: { 'zh-CN': '“{file}”嵌套超过 {max} 层，无法导入', 'en-US': '"{file}" is nested more than {max} levels deep: it cannot be imported' },
  TEMPLATE_IMPORT_TOO_LARGE: { 'zh-CN': '导入内容超过 {max} 个节点，无法导入', 'en-US': 'The import holds more than {max} nodes: it cannot be imported' },
  TEMPLATE_IMPORT_TOO_MANY_FILES: { 'zh-CN': '一次最多导入 {max} 个文件', 'en-US': 'At most {max} files can be imported at once' },
  TEMPLATE_IMPORT_ROOT_WRAPPED: {
    'zh-CN': 'Schema 的根是{kind}，不是带 properties 的对象：整体保存为字段“{field}”',
    'en-US': 'The schema\'s root is {kind}, not an object with properties: it is kept whole as the field "{field}"',
  },
  TEMPLATE_IMPORT_UI_WRAPPED: { 'zh-CN': 'uiSchema 随根一起移到字段“{field}”下', 'en-US': 'The uiSchema moved with the root under the field "{field}"' },
  TEMPLATE_IMPORT_UI_NOT_OBJECT: { 'zh-CN': 'uiSchema 不是 JSON 对象，未保留', 'en-US': 'The uiSchema is not a JSON object: it was not kept' },
  TEMPLATE_IMPORT_REF_BUNDLED: {
    'zh-CN': '{path} 的引用 {ref} 已改为 #/definitions/{name}（内容复制自 {file}）',
    'en-US': 'The reference {ref} at {path} now points at #/definitions/{name} (copied from {file})',
  },
  TEMPLATE_IMPORT_REF_UNRESOLVED: {
    'zh-CN': '{path} 的引用 {ref} 无法解析（缺少文件或位置）：已移除，此处的值不再校验',
    'en-US': 'The reference {ref} at {path} does not resolve (missing file or place): removed, the value there is no longer checked',
  },
  TEMPLATE_IMPORT_KEYWORD_DROPPED: { 'zh-CN': '{path} 的关键字 {keyword} 不受支持，已移除', 'en-US': 'The keyword {keyword} at {path} is not supported: removed' },
  TEMPLATE_IMPORT_REQUIRED_DROPPED: { 'zh-CN': '必填字段“{field}”未在 properties 中声明：不再必填', 'en-US': 'The required field "{field}" is not declared in properties: no longer required' },
  TEMPLATE_IMPORT_SECTION: { 'zh-CN': '基本信息', 'en-US': 'Fields' },
  TEMPLATE_IMPORT_ROOT_FIELD: { 'zh-CN': '内容', 'en-US': 'Value' },
} as const;
