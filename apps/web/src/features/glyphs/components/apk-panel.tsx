import { useState } from 'react';
import { androidUpToLabel, androidVersionLabel, APK_MSG, signerName, formatBytes, groupPermissions, type ApkReport } from '@glyphary/shared';
import { DeviceBadges } from '../../../components/device-badges.tsx';
import { Badge } from '../../../components/ui/index.ts';
import { CodeFindings } from './code-findings.tsx';

// Issue 15: what the APK analyser found, shown on the glyph page ("Inside this APK"), after an APK
// upload in the form, and as device badges on cards.

/** A value with a Copy button (fingerprints and checksums). */
function Copyable({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <span className="flex items-start gap-2">
      <code className="font-mono text-xs break-all">{value}</code>
      <button
        type="button"
        className="shrink-0 rounded-full border border-line-strong px-2 py-0.5 text-xs focus-visible:outline-2 focus-visible:outline-offset-2"
        aria-label={`${APK_MSG.copy} ${label}`}
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => setCopied(true));
        }}
      >
        {copied ? APK_MSG.copied : APK_MSG.copy}
      </button>
    </span>
  );
}

const SIGNATURE_LABEL = { verified: APK_MSG.signatureVerified, unsigned: APK_MSG.signatureUnsigned, invalid: APK_MSG.signatureInvalid } as const;

/** The first signer, for the download disclaimer and the facts list. */
export function primarySigner(report: ApkReport) {
  return report.signers[0] ?? null;
}

/** A permission requested only up to some release (`maxSdkVersion`): newer phones never grant it. */
function MaxSdkNote({ maxSdk }: { maxSdk: number | undefined }) {
  return maxSdk === undefined ? null : <span className="text-muted"> ({androidUpToLabel(maxSdk)})</span>;
}

/** The whole report: verdict, devices, version, toys, permissions, file facts. */
export function ApkPanel({ report, heading = APK_MSG.panelHeading, headingId = 'apk-panel-heading' }: { report: ApkReport; heading?: string; headingId?: string }) {
  const groups = groupPermissions(report.permissions);
  const signer = primarySigner(report);
  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 text-sm" aria-labelledby={headingId}>
      <h2 id={headingId} className="font-display text-lg font-bold">
        {heading}
      </h2>
      {report.isGlyphToy ? (
        <DeviceBadges devices={report.devices} />
      ) : (
        <div className="flex flex-col gap-1">
          <Badge tone="red">{APK_MSG.notAToy}</Badge>
          {report.notToyReason ? <p className="text-muted">{report.notToyReason}</p> : null}
        </div>
      )}
      <p>
        <span className="font-mono">{report.packageName}</span>
        {report.versionName ? <> · version {report.versionName}</> : null}
        {report.versionCode !== null ? <> ({report.versionCode})</> : null}
        {androidVersionLabel(report.minSdk) ? <> · needs {androidVersionLabel(report.minSdk)}</> : null}
      </p>
      {report.toys.length > 0 ? (
        <ul className="flex flex-col gap-3" aria-label="Glyph Toys">
          {report.toys.map((toy) => (
            <li key={toy.service} className="flex items-start gap-3">
              {toy.imageUrl ? (
                <img src={toy.imageUrl} alt={`${toy.name} preview`} width={56} height={56} className="h-14 w-14 shrink-0 rounded-full border border-line bg-black object-cover" loading="lazy" />
              ) : null}
              <div className="flex min-w-0 flex-col gap-1">
                <h3 className="font-medium">{toy.name}</h3>
                {toy.summary ? <p className="text-muted">{toy.summary}</p> : null}
                <div className="flex flex-wrap gap-1.5">
                  {toy.longpress ? <Badge>{APK_MSG.longpress}</Badge> : null}
                  {toy.aodSupport ? <Badge>{APK_MSG.aod}</Badge> : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-col gap-2">
        <h3 className="font-medium">Permissions</h3>
        {groups.length === 0 ? <p className="text-muted">{APK_MSG.noPermissions}</p> : null}
        {groups.map((group) => (
          <div key={group.group}>
            <h4 className="text-xs text-muted uppercase">{group.label}</h4>
            <ul className="flex flex-col">
              {group.permissions.map((permission) => (
                <li key={permission.name} className={permission.known ? '' : 'font-mono text-xs break-all'}>
                  {permission.label}
                  <MaxSdkNote maxSdk={report.permissionMaxSdk?.[permission.name]} />
                  {permission.risky ? (
                    <>
                      {' '}
                      <Badge tone="red">{APK_MSG.risky}</Badge>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <CodeFindings report={report} />
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="text-muted">Size</dt>
        <dd>{formatBytes(report.size)}</dd>
        <dt className="text-muted">SHA-256</dt>
        <dd>
          <Copyable value={report.sha256} label="SHA-256" />
        </dd>
        <dt className="text-muted">Signature</dt>
        <dd>
          {SIGNATURE_LABEL[report.signatureStatus]}
          {report.signatureProblem ? <span className="block text-muted">{report.signatureProblem}</span> : null}
        </dd>
        {signer ? (
          <>
            <dt className="text-muted">Signer</dt>
            <dd className="flex flex-col gap-1">
              <span title={signer.subject}>{APK_MSG.selfSignedBy(signerName(signer.subject))}</span>
              <Copyable value={signer.sha256} label="signer fingerprint" />
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/** An APK without a report (shared before reports existed): its size and SHA-256 (spec §2 glyph detail). */
export function ApkFileFacts({ size, sha256 }: { size: number | null; sha256: string | null }) {
  return (
    <section className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4 text-sm" aria-labelledby="file-heading">
      <h2 id="file-heading" className="font-medium">
        APK file
      </h2>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        {size !== null ? (
          <>
            <dt className="text-muted">Size</dt>
            <dd>{formatBytes(size)}</dd>
          </>
        ) : null}
        {sha256 ? (
          <>
            <dt className="text-muted">SHA-256</dt>
            <dd className="font-mono text-xs break-all">{sha256}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
