import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// npm run i18n:extract — copies every design-system message (`{ id, defaultMessage }` literals) into
// src/i18n/en.json, so one file holds every English string a translator needs. The design system keeps its
// defaultMessage so it renders on its own (Storybook, another app); i18n.test.ts fails when en.json drifts.
const root = fileURLToPath(new URL('..', import.meta.url));
const EN = path.join(root, 'src/i18n/en.json');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every `{ id: '…', defaultMessage: '…' }` object literal in the design system's sources. */
export function designSystemMessages(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(path.join(root, 'design-system'))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isObjectLiteralExpression(node)) {
        const text = (name: string) => {
          const property = node.properties.find(
            (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(source) === name,
          );
          const value = property?.initializer;
          return value && ts.isStringLiteralLike(value) ? value.text : undefined;
        };
        const id = text('id');
        const defaultMessage = text('defaultMessage');
        if (id !== undefined && defaultMessage !== undefined) {
          const previous = found.get(id);
          if (previous !== undefined && previous !== defaultMessage) {
            throw new Error(`${id} has two default messages: "${previous}" and "${defaultMessage}"`);
          }
          found.set(id, defaultMessage);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

export function readEnglish(): Record<string, string> {
  return JSON.parse(readFileSync(EN, 'utf8')) as Record<string, string>;
}

function extract() {
  const english = readEnglish();
  const kept = Object.fromEntries(Object.entries(english).filter(([id]) => !id.startsWith('ds.')));
  const ds = [...designSystemMessages()].sort(([a], [b]) => a.localeCompare(b));
  writeFileSync(EN, `${JSON.stringify({ ...kept, ...Object.fromEntries(ds) }, null, 2)}\n`);
  console.log(`src/i18n/en.json: ${Object.keys(kept).length} app messages, ${ds.length} design-system messages`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) extract();
