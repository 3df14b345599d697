import { useParams } from '../../lib/router.tsx';
import { useAuth } from '../../features/auth/use-auth.ts';
import { RequestDetail } from '../../features/requests/components/request-detail.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** Request detail (/request-glyphs/{id}): the request, its references and, when completed, its glyph. */
export function RequestGlyphRoute() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  useDocumentTitle('Glyph request');
  return <RequestDetail key={id} id={id} viewerId={user?.id ?? null} />;
}
