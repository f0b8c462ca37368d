import type { ErrorCode } from '../errors.js';

/** A refused account operation, with the API error code it maps to (for the CLI and app routes). */
export class AccountError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;
  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AccountError';
    this.code = code;
    this.details = details;
  }
}
