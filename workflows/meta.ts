/** What a workflow state may say about itself in `meta` (read by the engine and the viewer). */
export interface WorkflowStateMeta {
  /** Label in every interface language. */
  label: { 'zh-CN': string; 'en-US': string };
  /** Fields editable in this state: '*' for all, a list of top-level fields, or none when absent. */
  editable?: '*' | readonly string[];
  /** A draft state: records are saved without the schema's `required` checks. */
  draft?: boolean;
  /**
   * The record no longer exists for its users in this state (a cancelled authorization): any
   * event or edit sent to it is answered 409 `RECORD_GONE` with this message, whatever version
   * the sender held.
   */
  gone?: { 'zh-CN': string; 'en-US': string };
}
