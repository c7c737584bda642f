import type { z } from 'zod';
import { M, type MessageText } from '../../src/contracts/messages';
import { AppError } from './app-error';

const KNOWN_MESSAGES = new Set<string>(Object.values(M));
const MAX_FIELD_ISSUES = 20;

export type FieldIssue = { path: string; message: string };

/** Only texts of M reach a person (the storefront translates those); zod's own wording becomes generic. */
function toMessage(message: string): MessageText {
  return KNOWN_MESSAGES.has(message) ? (message as MessageText) : M.invalidRequest;
}

/**
 * A value that matches no branch of a union (a list of 2,001 values where one value or a list of at most
 * 2,000 is allowed) gets the most specific text of M any branch gave, not zod's "Invalid input".
 */
function unionMessage(branches: readonly (readonly z.core.$ZodIssue[])[]): MessageText {
  const texts = branches.flat().map((issue) => toMessage(issue.message));
  return texts.find((text) => text !== M.invalidRequest) ?? M.invalidRequest;
}

export type ParseOptions = {
  /** The error's code (default 'VALIDATION'). */
  code?: string;
  /**
   * Input read by code rather than typed by a person (replication checkpoints, page sizes): the exact rule
   * ("limit must be a whole number from 1 to 1000") goes into meta.fields and meta.reason, while the
   * description stays a translated text of M.
   */
  forMachines?: boolean;
};

/** The one mapping from zod issues to the `meta.fields` of a 400: dotted path and message, at most MAX_FIELD_ISSUES. */
export function fieldIssues(error: z.ZodError, forMachines = false): FieldIssue[] {
  // The first issues are enough to act on; a hostile body can have thousands, and each is echoed back.
  return error.issues.slice(0, MAX_FIELD_ISSUES).map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: forMachines ? issue.message : issue.code === 'invalid_union' ? unionMessage(issue.errors) : toMessage(issue.message),
  }));
}

/**
 * Parses a request part with its zod contract. A failure is a 400 whose first description is the first
 * issue's message (M.invalidRequest for machine input) and whose `meta.fields` lists the issues with their
 * dotted paths.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, options: ParseOptions = {}): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields = fieldIssues(parsed.error, options.forMachines);
  const code = options.code ?? 'VALIDATION';
  if (options.forMachines) {
    throw new AppError(400, M.invalidRequest, { fields, reason: fields.map((f) => `${f.path}: ${f.message}`).join('; ') }, code);
  }
  throw new AppError(400, (fields[0]?.message ?? M.invalidRequest) as MessageText, { fields }, code);
}

/** A JSON route needs an object body; anything else (no body, a bare string or array) is a malformed request. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError(400, M.invalidRequest, { fields: [] }, 'BODY_NOT_OBJECT');
  }
  return parseInput(schema, body);
}
