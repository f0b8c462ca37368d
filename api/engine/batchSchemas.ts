/** JSON Schemas of batch and run bodies and answers, for the OpenAPI description and MCP tools. */

export const itemErrorSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', description: 'The code a single call would answer: validation_failed, engine_error, unavailable, not_found, internal' },
    message: { type: 'string' },
    details: { type: 'object', description: 'As for a single call: fields for validation_failed; reason and timeout for engine_error' },
  },
} as const;

export const itemAnswerSchema = {
  type: 'object',
  required: ['id', 'ok'],
  properties: {
    id: { type: ['string', 'integer'], description: "The item's id (its index when it had none)" },
    ok: { type: 'boolean' },
    result: { type: 'object', description: 'ok: the result a single call would give (outputs, units, outputUnits, warnings)' },
    error: itemErrorSchema,
  },
} as const;

export const countsSchema = {
  type: 'object',
  required: ['total', 'succeeded', 'failed'],
  properties: { total: { type: 'integer' }, succeeded: { type: 'integer' }, failed: { type: 'integer' } },
} as const;

export function batchBodySchema(maxItems: number): Record<string, unknown> {
  return {
    type: 'object',
    required: ['items'],
    additionalProperties: false,
    properties: {
      items: {
        type: 'array',
        minItems: 1,
        maxItems,
        items: {
          type: 'object',
          additionalProperties: false,
          properties: {
            id: { type: ['string', 'integer'], description: 'Unique within the batch (1-200 characters or an integer); default the index' },
            input: { type: 'object', description: "The function's input, as the body of a single call" },
          },
        },
      },
      units: { enum: ['field', 'metric'], description: 'Unit system of items whose input does not name one' },
    },
  };
}

export const batchEnvelopeSchema = {
  type: 'object',
  required: ['name', 'module', 'results', 'counts', 'ms'],
  properties: {
    name: { type: 'string' },
    module: { type: 'string' },
    results: { type: 'array', items: itemAnswerSchema },
    counts: countsSchema,
    ms: { type: 'number', description: 'Server time in milliseconds' },
  },
} as const;

export const idempotencyKeyParam = {
  name: 'Idempotency-Key',
  in: 'header' as const,
  required: false,
  description: 'Up to 255 characters. A retried request with the same key and body answers what the first did (kept 24 hours); the same key with another body: 422 idempotency_key_reused.',
  schema: { type: 'string', maxLength: 255 },
};
