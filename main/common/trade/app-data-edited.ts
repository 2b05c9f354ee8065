import { z } from 'zod';
import { appDataHash, serializeAppData, type JsonValue } from '../protocol/app-data';

// A file of its own, apart from app-data-doc.ts: the renderer loads this check (and zod with it) only when
// the user edits the document, so the Trade screen shows without zod (issue 35).

/** What the advanced editor must hold: a JSON object with a version and a metadata object. */
const editedDocumentSchema = z.looseObject({
  version: z.string().regex(/^\d+\.\d+\.\d+$/, 'version must be a semver string such as "1.4.0"'),
  appCode: z.string().optional(),
  environment: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()),
});

/**
 * Checks JSON a user typed and returns it in the one deterministic form
 * (sorted keys, no whitespace): the server hashes exactly what it receives, so
 * the pretty text in the editor is never what gets signed.
 */
export function canonicalAppData(text: string): { ok: true; fullAppData: string; hash: `0x${string}` } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const checked = editedDocumentSchema.safeParse(value);
  if (!checked.success) {
    return { ok: false, error: checked.error.issues.map((issue) => `${issue.path.join('.') || 'document'}: ${issue.message}`).join('; ') };
  }
  try {
    const fullAppData = serializeAppData(value as JsonValue);
    return { ok: true, fullAppData, hash: appDataHash(fullAppData) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
