#!/usr/bin/env node
// Checks the relative links of README.md and docs/**/*.md: the file must exist and an anchor
// (#section) must be a heading of that file, slugged as GitHub does. External links are not
// fetched. Prints each broken link as file:line and exits 1 if there is one.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function markdownFiles(dir) {
  const files = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...markdownFiles(path));
    else if (name.endsWith('.md')) files.push(path);
  }
  return files;
}

// Lines outside fenced code blocks, with their 1-based numbers.
function proseLines(text) {
  const lines = [];
  let fence = null;
  text.split('\n').forEach((line, index) => {
    const opening = line.match(/^\s*(```+|~~~+)/);
    if (opening) {
      if (fence === null) fence = opening[1][0];
      else if (opening[1][0] === fence) fence = null;
      return;
    }
    if (fence === null) lines.push({ line, number: index + 1 });
  });
  return lines;
}

// GitHub's heading slug: lower case, punctuation dropped (not - or _), spaces to hyphens.
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorCache = new Map();
function anchorsOf(file) {
  if (anchorCache.has(file)) return anchorCache.get(file);
  const anchors = new Set();
  const seen = new Map();
  for (const { line } of proseLines(readFileSync(file, 'utf8'))) {
    const heading = line.match(/^#{1,6}\s+(.*?)\s*#*\s*$/);
    if (heading) {
      const base = slug(heading[1]);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const id of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id[1]);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

const files = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];
const broken = [];
for (const file of files) {
  for (const { line, number } of proseLines(readFileSync(file, 'utf8'))) {
    const withoutCode = line.replace(/`[^`]*`/g, '');
    for (const link of withoutCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)|src="([^"]+)"/g)) {
      const target = link[1] ?? link[2];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;  // http:, mailto: ...
      const [pathPart, anchor] = target.split('#');
      const targetFile = pathPart === '' ? file : resolve(dirname(file), decodeURI(pathPart));
      const where = `${relative(root, file)}:${number}`;
      if (!existsSync(targetFile)) {
        broken.push(`${where}: ${target}: no such file`);
      } else if (anchor !== undefined && targetFile.endsWith('.md') &&
                 !anchorsOf(targetFile).has(decodeURIComponent(anchor))) {
        broken.push(`${where}: ${target}: no heading "#${anchor}" in ${relative(root, targetFile)}`);
      }
    }
  }
}
for (const message of broken) console.log(message);
if (broken.length > 0) {
  console.log(`${broken.length} broken link(s) in README.md and docs/`);
  process.exit(1);
}
console.log(`links: ${files.length} Markdown files checked, no broken relative link`);
