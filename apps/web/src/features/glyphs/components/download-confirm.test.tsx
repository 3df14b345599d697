import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApkReport } from '@glyphary/shared';
import { DownloadConfirm } from './download-confirm.tsx';

const apk = {
  sha256: 'cd'.repeat(32),
  permissions: [],
  signers: [{ sha256: 'ab'.repeat(32), subject: 'OU=Toys, CN=Orbit Maker, O=Example', scheme: 'v2' }],
} as unknown as ApkReport;

describe('DownloadConfirm', () => {
  it('names the signer as the toy page does: "Self-signed by <CN>" with the fingerprint, not the raw DN', async () => {
    render(<DownloadConfirm open onOpenChange={() => {}} apk={apk} onConfirm={() => {}} />);
    const line = await screen.findByText(/^Signer:/);
    expect(line.textContent).toBe(`Signer: Self-signed by Orbit Maker (SHA-256 ${'ab'.repeat(32)})`);
    expect(line.getAttribute('title')).toBe('OU=Toys, CN=Orbit Maker, O=Example');
  });

  it('says unsigned when the APK has no signer', async () => {
    render(<DownloadConfirm open onOpenChange={() => {}} apk={{ ...apk, signers: [] }} onConfirm={() => {}} />);
    expect((await screen.findByText(/^Signer:/)).textContent).toBe('Signer: unsigned');
  });
});
