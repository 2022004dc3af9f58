// The web uses only the documented API (issue 18): every request a page
// makes to the server is the page, one of its files, or an operation that
// /openapi.json documents, with its method.

/** Records every request `p` makes to the server at `base` into `seen`. */
export function recordRequests(p, base, seen) {
  const origin = new URL(base).origin;
  p.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin === origin) seen.push(`${r.method()} ${url.pathname}`);
  });
}

/** The page and its embedded files: not API operations. */
const PAGE_FILES = /^\/(app)?$|^\/web\/[\w.-]+$/;

/** A documented path as a pattern: `{name}` stands for one segment. */
function pattern(path) {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\{[^}/]+\}/g, '[^/]+')}$`);
}

/** The recorded requests (`GET /path`) that no documented operation matches. */
export async function undocumented(base, seen) {
  const doc = await (await fetch(new URL('/openapi.json', base))).json();
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => ({ method: method.toUpperCase(), re: pattern(path) })));
  return [...new Set(seen)].filter((request) => {
    const [method, path] = request.split(' ');
    if (method === 'GET' && PAGE_FILES.test(path)) return false;
    return !operations.some((op) => op.method === method && op.re.test(path));
  });
}
