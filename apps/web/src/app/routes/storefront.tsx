import { useParams } from 'react-router';
import { PlaceholderScreen } from '../../components/layout/placeholder-screen.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** spec §2 Storefront (/storefront/{username}). Placeholder: the discovery feature replaces this file (keep the export name). */
export function StorefrontRoute() {
  const { username = '' } = useParams();
  useDocumentTitle(`@${username}`);
  return <PlaceholderScreen title={`@${username}`} description="Creator storefront" />;
}
