// The matcher of check-doc-references.mjs (`npm run test:unit` runs it with node:test). The words it refuses are
// spelled here in pieces, so this file is no example of what it tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkFiles, commentOf, docLinksInComment, findOutsideReferences, headingAnchors, markdownLinks } from './check-doc-references.mjs';

const SPEC = 'SP' + 'EC';
const DESIGN = 'DES' + 'IGN.md';
const RESEARCH = 'INTER' + 'OP';

describe('citations that lead outside the repository', () => {
  it('finds the specification by name, with or without a section', () => {
    for (const text of [`// ${SPEC} §5`, `/** ${SPEC}.md §9's limits */`, `// as ${SPEC}'s order says`, `it('shows ${SPEC} texts')`]) {
      assert.deepEqual(findOutsideReferences(text, commentOf(text)), ['the product specification'], text);
    }
  });

  it('lets identifiers and other section signs be', () => {
    for (const text of [`const ${SPEC}_PATHS = [];`, '// as RFC 9110 §13.2.2 tells an origin server', '// specification-like words: spec, Spec']) {
      assert.deepEqual(findOutsideReferences(text, commentOf(text)), [], text);
    }
  });

  it('finds the design and research notes and issue numbers written out', () => {
    assert.deepEqual(findOutsideReferences(`// ${DESIGN} "Security"`, `${DESIGN} "Security"`), ['the design notes']);
    assert.deepEqual(findOutsideReferences(`// facts: ${RESEARCH}.md §1.7`, ` facts: ${RESEARCH}.md §1.7`), ['the research notes']);
    assert.deepEqual(findOutsideReferences(`// see the ${RESEARCH} notes`, ` see the ${RESEARCH} notes`), ['the research notes']);
    assert.deepEqual(findOutsideReferences('// (issue 12 item 4)', ' (issue 12 item 4)'), ['an issue number']);
    assert.deepEqual(findOutsideReferences("it('Issues 11 and 12')", ''), ['an issue number']);
  });

  it("counts '#12' and '../shared' in comments only, and not colours or imports", () => {
    assert.deepEqual(findOutsideReferences('// fixed in (#12)', ' fixed in (#12)'), ['an issue number']);
    assert.deepEqual(findOutsideReferences('// see PR #140', ' see PR #140'), ['an issue number']);
    assert.deepEqual(findOutsideReferences('// read ../shared for the rules', ' read ../shared for the rules'), ['the folder outside the repository']);
    assert.deepEqual(findOutsideReferences(`// ../shared/${SPEC}.md`, ` ../shared/${SPEC}.md`).includes('the folder outside the repository'), true);
    for (const text of ["const color = '#ef4444'; // red (#ef4444), grey #333", "import { x } from '../shared/session';", "// the helper in ../shared/session.ts", "const n = '#12';"]) {
      assert.deepEqual(findOutsideReferences(text, commentOf(text)), [], text);
    }
  });
});

describe('comments', () => {
  it('reads line comments, block comments across lines, and not URLs', () => {
    assert.equal(commentOf("const a = 'https://x.no'; // why"), ' why');
    const state = { inBlock: false };
    assert.equal(commentOf('/** first', state), '* first');
    assert.equal(commentOf(' * middle', state), ' * middle');
    assert.equal(commentOf(' */ const b = 1;', state), ' ');
    assert.equal(commentOf('const c = 2;', state), '');
    assert.equal(commentOf('{/* jsx */}<div />'), ' jsx ');
  });
});

describe('links to docs', () => {
  it('derives GitHub anchors from headings', () => {
    const anchors = headingAnchors('# Cases\n## Who may write\n## Uploads never stall (`case-uploads`, enforced)\n```\n## not a heading\n```\n## Who may write\n## Notifications and /ws\n');
    assert.deepEqual([...anchors], ['cases', 'who-may-write', 'uploads-never-stall-case-uploads-enforced', 'who-may-write-1', 'notifications-and-ws']);
  });

  it('finds docs/ links in comments and relative links in markdown', () => {
    assert.deepEqual(docLinksInComment(' rules: docs/product/cases.md#assignment, and docs/api.md.'), ['docs/product/cases.md#assignment', 'docs/api.md']);
    assert.deepEqual(markdownLinks('see [roles](../roles.md#blocking) and [x](https://e.no/a.md)', 'docs/product/auth.md'), ['docs/roles.md#blocking']);
  });

  it('reports a link to a missing file or heading with file and line', () => {
    const files = {
      'docs/product/cases.md': '# Cases\n## Assignment\n',
      'backend/a.ts': "// docs/product/cases.md#assignment\nconst x = 1; // docs/product/cases.md#nowhere\n/* docs/product/gone.md */\n",
      'docs/README.md': '[c](product/cases.md#assignment) [d](product/cases.md#missing)\n',
    };
    const problems = checkFiles(Object.keys(files), { read: (f) => files[f], exists: (f) => f in files });
    assert.deepEqual(problems.map((p) => p.split(': ').slice(0, 2).join(': ')), [
      'backend/a.ts:2: docs/product/cases.md#nowhere',
      'backend/a.ts:3: docs/product/gone.md',
      'docs/README.md:1: docs/product/cases.md#missing',
    ]);
  });

  it('reports an outside citation with file and line', () => {
    const files = { 'frontend/b.tsx': `const y = 2;\n// ${SPEC} §2\n` };
    const [problem, ...rest] = checkFiles(Object.keys(files), { read: (f) => files[f], exists: () => true });
    assert.equal(rest.length, 0);
    assert.match(problem, /^frontend\/b\.tsx:2: cites the product specification/);
  });
});
