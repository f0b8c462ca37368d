/**
 * Lints an OpenAPI document with two independent linters, as libraries: Redocly's
 * `recommended` rules and Spectral's `spectral:oas` ruleset. Returns every problem, errors and
 * warnings, as `linter rule severity at path: message` lines.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';

export interface LintProblems {
  errors: string[];
  warnings: string[];
}

export async function lintRedocly(doc: unknown): Promise<LintProblems> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: '/openapi.json', config });
  const line = (p: (typeof problems)[number]) => `redocly ${p.ruleId} ${p.severity} at ${p.location?.[0]?.pointer ?? '?'}: ${p.message}`;
  return { errors: problems.filter((p) => p.severity === 'error').map(line), warnings: problems.filter((p) => p.severity !== 'error').map(line) };
}

export async function lintSpectral(doc: unknown): Promise<LintProblems> {
  const spectral = new spectralCore.Spectral();
  spectral.setRuleset({ extends: [[oas as never, 'recommended']] } as never);
  const results = await spectral.run(new spectralCore.Document(JSON.stringify(doc), spectralParsers.Json, '/openapi.json'));
  // Spectral severities: 0 error, 1 warning, 2 information, 3 hint.
  const line = (r: (typeof results)[number]) => `spectral ${String(r.code)} ${r.severity} at ${r.path.join('.')}: ${r.message}`;
  return { errors: results.filter((r) => r.severity === 0).map(line), warnings: results.filter((r) => r.severity !== 0).map(line) };
}
