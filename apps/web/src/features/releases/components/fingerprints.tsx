import { RELEASE_MSG } from '@glyphary/shared';

/** A term and the signing-key fingerprints under it (a `<dl>` pair), or "unsigned" when there are none. */
export function Fingerprints({ label, values }: { label: string; values: string[] }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="font-mono text-xs break-all">
        {values.length === 0 ? (
          RELEASE_MSG.pendingUnsigned
        ) : (
          <ul>
            {values.map((sha) => (
              <li key={sha}>{sha}</li>
            ))}
          </ul>
        )}
      </dd>
    </>
  );
}
