import { useId, useState, type FormEvent } from 'react';
import { COMMUNITY_MSG, MAX_REPORT_DETAILS, REPORT_REASONS, REPORT_REASON_LABELS, type ReportReason, type ReportTargetType } from '@glyphary/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateReport } from '../api/reports.ts';

/** The Report dialog (ReportButton loads it on first use): a reason and details, sent to the moderation queue (issue 19). */
export function ReportDialog({
  open,
  onOpenChange,
  targetType,
  targetId,
  label,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  targetType: ReportTargetType;
  targetId: string;
  label: string;
}) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useCreateReport();
  const toast = useToast();
  const groupId = useId();
  const setOpen = onOpenChange;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setError('Choose a reason');
      return;
    }
    report.mutate(
      { targetType, targetId, reason, details },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(COMMUNITY_MSG.reportSent);
        },
        onError: (caught) => setError(errorMessage(caught, COMMUNITY_MSG.reportFailed)),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={setOpen} title={`Report this ${label}`} description="Tell the admins what is wrong. Reports are private.">
      <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
        <fieldset className="flex flex-col gap-2">
          <legend id={groupId} className="mb-2 text-sm font-medium">
            Reason
          </legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="flex cursor-pointer items-center gap-3 rounded-xl border border-line px-3 py-2 text-sm has-[:checked]:border-white">
              <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} className="accent-[var(--color-accent)]" />
              {REPORT_REASON_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <Textarea label="Details (optional)" value={details} onChange={(e) => setDetails(e.target.value)} maxLength={MAX_REPORT_DETAILS} rows={3} />
        {error ? (
          <p role="alert" className="text-sm text-accent">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={report.isPending}>
            Send report
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
