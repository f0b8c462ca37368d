/**
 * A tool call's arguments against the tool's declared properties: one that is not declared is
 * refused (validation_failed naming it and the valid ones), as engine tools refuse unknown
 * inputs, instead of being ignored (a misspelt filter then silently filters nothing).
 */
import { errors } from '../errors.js';

export function onlyArguments(args: Record<string, unknown>, valid: string[]): void {
  const unknown = Object.keys(args).filter((k) => !valid.includes(k));
  if (!unknown.length) return;
  const fields: Record<string, string> = Object.create(null);
  for (const k of unknown) fields[k] = `unknown argument; valid: ${valid.join(', ') || 'none'}`;
  throw errors.validation(`Unknown argument ${unknown.map((k) => `'${k}'`).join(', ')}; valid: ${valid.join(', ') || 'none'}`, { ...fields }, { validKeys: valid });
}
