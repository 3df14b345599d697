import { useId } from 'react';
import { canonicalLicense, GLYPH_MSG, SPDX_LICENSE_IDS } from '@glyphary/shared';
import { Input } from '../../../components/ui/input.tsx';

/** The licence as the API takes it: '' → null, else the SPDX identifier (the server checks it again). */
export function licensePayload(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : (canonicalLicense(trimmed) ?? trimmed);
}

/** The form's own check: null when empty or a known SPDX identifier. */
export function licenseProblem(value: string): string | null {
  return value.trim() === '' || canonicalLicense(value) !== null ? null : GLYPH_MSG.licenseInvalid;
}

/**
 * Issue 48: the toy's licence, an SPDX identifier with the list offered as suggestions. The error shows
 * once the field is left, so typing 'GPL-3' on the way to 'GPL-3.0-only' is not shouted at.
 */
export function LicenseField({ value, onChange, onBlur, showError }: { value: string; onChange: (value: string) => void; onBlur: () => void; showError: boolean }) {
  const listId = useId();
  return (
    <>
      <Input
        label={GLYPH_MSG.licenseLabel}
        hint={GLYPH_MSG.licenseHint}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        list={listId}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        placeholder="MIT"
        error={showError ? licenseProblem(value) : null}
      />
      <datalist id={listId}>
        {SPDX_LICENSE_IDS.map((id) => (
          <option key={id} value={id} />
        ))}
      </datalist>
    </>
  );
}
