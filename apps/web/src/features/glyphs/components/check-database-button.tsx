import { Database } from 'lucide-react';
import { useState } from 'react';
import { GLYPH_MSG } from '@glyphary/shared';
import { Button } from '../../../components/ui/index.ts';
import { checkDatabase } from '../api/check-database.ts';

/** The Share Glyph debug button (spec §2): database reachability and latency only (DESIGN §4.10). */
export function CheckDatabaseButton() {
  const [result, setResult] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="ghost"
        size="sm"
        loading={checking}
        onClick={async () => {
          setChecking(true);
          const health = await checkDatabase();
          setResult(health.reachable && health.latencyMs !== null ? GLYPH_MSG.databaseReachable(health.latencyMs) : GLYPH_MSG.databaseUnreachable);
          setChecking(false);
        }}
      >
        <Database size={14} aria-hidden="true" />
        Check Database
      </Button>
      <p role="status" className="text-xs text-muted">
        {result}
      </p>
    </div>
  );
}
