// Child process of test/unit/core/imports.test.ts: loads each module named on the command line
// (run with `node --import tsx`) in a Node where `electron` cannot be resolved, by `import` or by a
// dependency's `require`, and prints one JSON line per module: its path and the error, if any.
// The `electron` package installed for the Electron layer's types resolves to a harmless path
// string under plain Node, so only a refusal at resolution shows a core module reaching for it.
import { registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'electron' || specifier.startsWith('electron/')) {
      throw new Error(`"${specifier}" imported by ${context.parentURL ?? 'the entry'}`);
    }
    return nextResolve(specifier, context);
  },
});

for (const file of process.argv.slice(2)) {
  try {
    await import(pathToFileURL(file).href);
    console.log(JSON.stringify({ file, error: null }));
  } catch (error) {
    console.log(JSON.stringify({ file, error: error instanceof Error ? error.message : String(error) }));
  }
}
// Some modules start nothing at import, some keep handles (a worker's pool): the answer is printed, so stop.
process.exit(0);
