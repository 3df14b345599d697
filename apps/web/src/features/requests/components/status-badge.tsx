import { statusLabel, type RequestStatus } from '@glyphary/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

/** spec §4 badge colours: open green, in_progress yellow, completed blue, cancelled red. */
const TONES: Record<RequestStatus, BadgeTone> = { open: 'green', in_progress: 'yellow', completed: 'blue', cancelled: 'red' };

/** A request's status badge; the text is the status uppercased with underscore as space. */
export function StatusBadge({ status }: { status: RequestStatus }) {
  return (
    <Badge tone={TONES[status]} dot className="shrink-0">
      {statusLabel(status)}
    </Badge>
  );
}
