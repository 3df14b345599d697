import { ANTI_FEATURE_NAMES, antiFeaturesOf, CODE_MSG, describeCode, type AntiFeature, type ApkReport } from '@glyphary/shared';
import { Badge } from '../../../components/ui/index.ts';

// Issue 50: what the APK's code does, on the toy page ("Inside this APK") and in the download dialog.

/** F-Droid's anti-features of the APK as red badges, each with its reason (nothing when there are none). */
export function AntiFeatureBadges({ report }: { report: ApkReport }) {
  const features = Object.entries(antiFeaturesOf(report)) as Array<[AntiFeature, string]>;
  if (features.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={CODE_MSG.antiFeatures}>
      {features.map(([feature, reason]) => (
        <li key={feature} title={reason}>
          <Badge tone="red">{ANTI_FEATURE_NAMES[feature]}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** The findings in plain words, each with the names it rests on. */
export function CodeFindings({ report }: { report: ApkReport }) {
  const lines = describeCode(report);
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-medium">{CODE_MSG.heading}</h3>
      <AntiFeatureBadges report={report} />
      {lines === null ? <p className="text-muted">{CODE_MSG.notRead}</p> : null}
      {lines?.length === 0 ? <p className="text-muted">{CODE_MSG.nothing}</p> : null}
      {lines && lines.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label={CODE_MSG.heading}>
          {lines.map((line) => (
            <li key={line.key}>
              <span className="font-medium">{line.title}: </span>
              {line.words}
              {line.evidence.length > 0 ? <span className="block font-mono text-xs break-all text-muted">{line.evidence.join(', ')}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The same findings in a line each, for the download dialog (inside its description: phrasing content only). */
export function CodeFindingsSummary({ report }: { report: ApkReport }) {
  const lines = describeCode(report);
  const features = Object.keys(antiFeaturesOf(report)) as AntiFeature[];
  return (
    <span className="mt-2 block" data-testid="download-code-findings">
      <span className="block font-medium">{CODE_MSG.heading}</span>
      {features.length > 0 ? (
        <span className="block">
          {CODE_MSG.antiFeatures}: {features.map((f) => ANTI_FEATURE_NAMES[f]).join(', ')}
        </span>
      ) : null}
      {lines === null ? <span className="block">{CODE_MSG.notRead}</span> : null}
      {lines?.length === 0 ? <span className="block">{CODE_MSG.nothing}</span> : null}
      {lines?.map((line) => (
        <span key={line.key} className="block">
          {line.title}: {line.words}
        </span>
      ))}
    </span>
  );
}
