#!/usr/bin/env node
// Keeps the code's pointers inside the repository (`npm run lint` runs this after eslint). The rules the code
// implements are described in docs/ (docs/product/ per domain), so a comment points there. Refused, in the tracked
// source, test and docs files:
// - citations of documents outside the repository (the product specification, the design notes, the folder beside
//   the checkout they lived in) and of issue numbers ('issue 12', '(#12)'): a newcomer cannot follow them;
// - a docs/….md link in a comment, or a relative .md link in the docs, to a file or heading anchor that does not
//   exist (anchors as GitHub derives them from the headings).
// Exits 1 listing file:line for each; `node scripts/check-doc-references.mjs [files…]` checks only those files.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Files whose comments and strings are checked. */
const CHECKED = /\.(?:[cm]?[jt]sx?|css|md|ya?ml|sh)$|(?:^|\/)(?:Dockerfile|\.npmrc|\.env\.example|run)$/;
/** This checker and its test spell out what they look for. */
const SELF = new Set(['scripts/check-doc-references.mjs', 'scripts/check-doc-references.test.mjs']);

/**
 * Citations that lead outside the repository, checked anywhere on a line (code, strings, test names, comments):
 * - the specification, design and research documents by name (`SPEC`, `SPEC.md`, `SPEC §5`, `SPEC's`, `DESIGN.md`, `INTEROP.md`); an
 *   identifier such as SPEC_URL is not a citation;
 * - issue numbers written out ('issue 12', 'Issues 11 and 12').
 */
const OUTSIDE = [
  { pattern: /\bSPEC\b(?![_$])/, what: 'the product specification' },
  { pattern: /\bDESIGN\.md\b/, what: 'the design notes' },
  { pattern: /\bINTEROP(?:\.md)?\b/, what: 'the research notes' },
  { pattern: /\bissues? \d+/i, what: 'an issue number' },
];

/**
 * Citations checked in comments (and in markdown) only, since code has look-alikes: '../shared' the folder beside
 * the checkout (an import of frontend/src/shared is code), and '#12' an issue or pull request ('#ef4444' and
 * '#333' are colours: only one or two digits, or a number after 'PR'/'pull', count).
 */
const OUTSIDE_IN_COMMENTS = [
  { pattern: /\.\.\/shared(?:\/(?:SPEC|DESIGN|research)\b|(?![\w/.-]))/, what: 'the folder outside the repository' },
  { pattern: /(?:^|[\s([{,;])#\d{1,2}(?![\w-])|\b(?:PR|pull(?: request)?)\s*#\d+/i, what: 'an issue number' },
];

/** The comment text of a line of code: after `//`, or the line itself inside or opening a block comment. */
export function commentOf(line, state = { inBlock: false }) {
  let text = '';
  let rest = line;
  while (rest.length) {
    if (state.inBlock) {
      const end = rest.indexOf('*/');
      if (end < 0) return text + rest;
      text += rest.slice(0, end);
      rest = rest.slice(end + 2);
      state.inBlock = false;
      continue;
    }
    const block = rest.indexOf('/*');
    const lineComment = findLineComment(rest);
    if (lineComment >= 0 && (block < 0 || lineComment < block)) return text + rest.slice(lineComment + 2);
    if (block < 0) return text;
    rest = rest.slice(block + 2);
    state.inBlock = true;
  }
  return text;
}

/** Where `//` starts a comment: not inside a URL (`https://`) or a regular expression's escaped slash. */
function findLineComment(text) {
  for (let i = text.indexOf('//'); i >= 0; i = text.indexOf('//', i + 2)) {
    const before = text[i - 1];
    if (before === ':' || before === '\\') continue;
    return i;
  }
  return -1;
}

/** The anchors GitHub gives a markdown file's headings: lower case, punctuation gone, spaces as dashes, repeats numbered. */
export function headingAnchors(markdown) {
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const slug = m[1]
      .replace(/<[^>]+>/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** docs/….md links in a comment (`docs/product/cases.md#assignment`), as paths from the repository root. */
export function docLinksInComment(comment) {
  return [...comment.matchAll(/(?<![\w/.-])docs\/[\w./-]*?\.md(?:#[\w-]+)?/g)].map((m) => m[0]);
}

/** Relative .md links of a markdown line (`[x](../roles.md#y)`), resolved against the file's folder. */
export function markdownLinks(line, file) {
  const links = [];
  for (const m of line.matchAll(/\]\(([^)\s]+?\.md)(#[\w-]+)?\)/g)) {
    if (/^[a-z]+:/i.test(m[1])) continue;
    links.push(path.posix.join(path.posix.dirname(file), m[1]) + (m[2] ?? ''));
  }
  return links;
}

/** What is wrong with one line: outside citations, and (for `links`) the link targets to check. */
export function findOutsideReferences(line, comment) {
  const found = [];
  for (const { pattern, what } of OUTSIDE) if (pattern.test(line)) found.push(what);
  for (const { pattern, what } of OUTSIDE_IN_COMMENTS) if (comment && pattern.test(comment)) found.push(what);
  return [...new Set(found)];
}

/** Checks the given files; answers the problems as `file:line: text`. */
export function checkFiles(files, { read = (f) => readFileSync(path.join(ROOT, f), 'utf8'), exists = (f) => existsSync(path.join(ROOT, f)) } = {}) {
  const problems = [];
  const anchorCache = new Map();
  const anchorsOf = (file) => {
    if (!anchorCache.has(file)) anchorCache.set(file, headingAnchors(read(file)));
    return anchorCache.get(file);
  };
  const checkLink = (file, lineNo, link) => {
    const [target, anchor] = link.split('#');
    if (!exists(target)) problems.push(`${file}:${lineNo}: ${link}: no such file`);
    else if (anchor && !anchorsOf(target).has(anchor)) problems.push(`${file}:${lineNo}: ${link}: no heading with that anchor`);
  };
  for (const file of files) {
    if (SELF.has(file)) continue;
    const markdown = file.endsWith('.md');
    const state = { inBlock: false };
    const lines = read(file).split('\n');
    lines.forEach((line, i) => {
      const comment = markdown || /\.(?:ya?ml|sh)$|(?:^|\/)(?:Dockerfile|\.npmrc|\.env\.example|run)$/.test(file)
        ? line
        : commentOf(line, state);
      for (const what of findOutsideReferences(line, comment)) problems.push(`${file}:${i + 1}: cites ${what}: point to docs/ instead (${line.trim().slice(0, 120)})`);
      for (const link of docLinksInComment(comment)) checkLink(file, i + 1, link);
      if (markdown) for (const link of markdownLinks(line, file)) checkLink(file, i + 1, link);
    });
  }
  return problems;
}

function trackedFiles() {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  return out.split('\0').filter((f) => f && CHECKED.test(f) && existsSync(path.join(ROOT, f)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = process.argv.length > 2 ? process.argv.slice(2) : trackedFiles();
  const problems = checkFiles(files);
  for (const p of problems) console.log(p);
  if (problems.length) {
    console.log(`\n${problems.length} reference(s) to fix: cite the project's own docs/ (docs/README.md lists them).`);
    process.exit(1);
  }
}
