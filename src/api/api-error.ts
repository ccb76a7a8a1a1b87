/** One rejected field, as the server reports it (`buyer.contactEmail`, `samples.0.sampleNo`). */
export interface ApiFieldError {
  field: string;
  keyword?: string;
  message: string;
}

/** A failed request: the envelope's code (the HTTP status), error code, localized message, per-field errors, data. */
export class ApiError extends Error {
  readonly code: number;
  readonly errorCode?: string;
  readonly errors?: readonly ApiFieldError[];
  readonly data?: unknown;

  constructor(init: { code: number; errorCode?: string; message: string; errors?: readonly ApiFieldError[]; data?: unknown }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.errorCode = init.errorCode;
    this.errors = init.errors;
    this.data = init.data;
  }
}
