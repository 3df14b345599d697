import { GlyphDashboard } from '../../features/stats/index.ts';
import { useParams } from '../../lib/router.tsx';

/** /dashboard/{glyphId} (issue 51): one glyph's statistics, for its creator and admins. */
export function DashboardGlyphRoute() {
  const { glyphId = '' } = useParams();
  return <GlyphDashboard key={glyphId} glyphId={glyphId} />;
}
