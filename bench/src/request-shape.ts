/**
 * A request's shape for the ceiling (ceiling.ts): its method, the first two segments of its path and
 * its query parameter names, sorted. Requests of one shape get pages of one kind (`/api/get-glyph/{id}`
 * with any id; a search page with any term, apart from a list page with a sort).
 */
export function shapeOf(method: string, url: string): string {
  const [pathname = '', query = ''] = url.split('?');
  const names = [...new URLSearchParams(query).keys()].sort().join('&');
  return `${method} ${pathname.split('/').slice(0, 3).join('/')}?${names}`;
}
