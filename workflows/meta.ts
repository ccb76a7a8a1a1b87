/** What a workflow state may say about itself in `meta` (read by the engine and the viewer). */
export interface WorkflowStateMeta {
  /** Label in every interface language. */
  label: { 'zh-CN': string; 'en-US': string };
  /** Fields editable in this state: '*' for all, a list of top-level fields, or none when absent. */
  editable?: '*' | readonly string[];
  /** A draft state: records are saved without the schema's `required` checks. */
  draft?: boolean;
}
