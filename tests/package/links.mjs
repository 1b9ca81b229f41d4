// Relative links in markdown, checked against a folder (the unpacked npm package): every
// `[text](path#anchor)`, `![alt](path)`, `[ref]: path` and HTML `<a href>` / `<img src>` outside
// code must name a file inside the folder, and an `#anchor` into a .md file must be one of its
// headings' anchors. Links with a scheme (https:, mailto:) are left alone: they do not depend on
// what the package ships.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** GitHub's heading anchor: lowercase, punctuation dropped except - and _, each space a -. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The text a heading shows: code spans as their text; outside them, links as their text, HTML tags dropped. */
function headingText(raw) {
  return raw
    .split(/(`+)([^`]*)\1/)
    .map((part, i) => {
      if (i % 3 === 1) return ''; // the ticks
      if (i % 3 === 2) return part; // code: shown as written
      return part.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '');
    })
    .join('');
}

/**
 * The markdown with fenced code blocks blanked (lines kept, so line numbers hold) and inline code
 * spans replaced by x's; also the heading lines seen outside fences.
 */
function prose(text) {
  const lines = text.split('\n');
  const headings = [];
  let fence = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const open = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length && /^ {0,3}[`~]+\s*$/.test(line)) fence = null;
      lines[i] = '';
      continue;
    }
    if (open) {
      fence = open[1];
      lines[i] = '';
      continue;
    }
    const atx = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (atx) headings.push(atx[1]);
    else if (i > 0 && /^ {0,3}(=+|-+)\s*$/.test(line) && lines[i - 1].trim() !== '' && !/^\s*[-*+|]/.test(lines[i - 1])) {
      headings.push(lines[i - 1].trim()); // setext heading
    }
  }
  const body = lines.join('\n').replace(/(`+)(?!`)((?:(?!\n[ \t]*\n)[\s\S])*?[^`])\1(?!`)/g, (m) => m.replace(/[^\n]/g, 'x'));
  return { body, headings };
}

/** The anchors a markdown file defines: its headings' slugs (repeats get -1, -2 ...) and HTML ids. */
export function anchorsOf(text) {
  const { headings } = prose(text);
  const seen = new Map();
  const out = new Set();
  for (const h of headings) {
    const base = slug(headingText(h));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of text.matchAll(/<[a-z][^>]*?\s(?:id|name)\s*=\s*["']([^"']+)["']/gi)) out.add(m[1]);
  return out;
}

/** The links of a markdown text outside code: { target, line, shown } in source order. */
export function linksOf(text) {
  const { body } = prose(text);
  const found = [];
  const add = (index, target, shown) => found.push({ index, target, line: body.slice(0, index).split('\n').length, shown });
  for (const m of body.matchAll(/!?\[([^\]]*)\]\(\s*<?([^\s)>]*)>?(?:\s+["'][^"']*["'])?\s*\)/g)) add(m.index, m[2], m[0]);
  for (const m of body.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/gm)) add(m.index, m[1], m[0]);
  for (const m of body.replace(/<!--[\s\S]*?-->/g, (c) => c.replace(/[^\n]/g, ' ')).matchAll(/<(?:a|img)\b[^>]*?\s(?:href|src)\s*=\s*["']([^"']*)["']/gi)) {
    add(m.index, m[1], m[0]);
  }
  return found.sort((a, b) => a.index - b.index).map(({ target, line, shown }) => ({ target, line, shown: shown.replace(/\s+/g, ' ') }));
}

/**
 * Checks the relative links of the given .md files (paths relative to dir). Returns the problems
 * as lines `file:line: link -> what is wrong` (empty when every link resolves) and the count checked.
 */
export function checkLinks(dir, files) {
  const problems = [];
  const anchorCache = new Map();
  const anchors = (file) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(file, 'utf8')));
    return anchorCache.get(file);
  };
  let checked = 0;
  for (const file of files) {
    const abs = path.join(dir, file);
    for (const { target, line, shown } of linksOf(readFileSync(abs, 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
      checked++;
      const bad = (why) => problems.push(`${file}:${line}: ${shown} -> ${why}`);
      const hash = target.indexOf('#');
      const rawPath = hash < 0 ? target : target.slice(0, hash);
      const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
      if (rawPath === '' && anchor === null) {
        bad('an empty link');
        continue;
      }
      if (rawPath.startsWith('/')) {
        bad('a path from the site root: it depends on where the file is shown; use a path relative to the file');
        continue;
      }
      const dest = rawPath === '' ? abs : path.resolve(path.dirname(abs), decodeURIComponent(rawPath.split('?')[0]));
      const rel = path.relative(dir, dest);
      if (rel.startsWith('..') || path.isAbsolute(rel)) {
        bad(`${rel} is outside the package`);
        continue;
      }
      if (!existsSync(dest)) {
        bad(`${rel} is not in the package`);
        continue;
      }
      if (statSync(dest).isDirectory()) {
        bad(`${rel} is a folder: link a file in it (e.g. ${path.join(rel, 'README.md')})`);
        continue;
      }
      if (anchor !== null && dest.endsWith('.md') && !anchors(dest).has(anchor)) {
        bad(`#${anchor} is not a heading of ${rel}`);
      }
    }
  }
  return { problems, checked };
}
