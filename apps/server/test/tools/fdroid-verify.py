"""Verifies a Glyphary F-Droid repository with Debian's fdroidserver, as an F-Droid client would.

Usage: fdroid-verify.py <repo-url-with-?fingerprint=...>
Checks entry.jar's JAR signature and its signer against the fingerprint, index-v2.json's SHA-256
against the entry, index-v1.jar likewise, and each listed APK's SHA-256, size and signing certificate.
Prints a JSON summary; exits 2 with {"refused": reason} when any check fails.
"""
import hashlib
import json
import sys
import tempfile
import urllib.parse
import urllib.request

import fdroidserver.common as common
import fdroidserver.index as index
from fdroidserver.exception import VerificationException

common.config = {'jarsigner': '/usr/bin/jarsigner'}


def fetch(url):
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read()


def main(url):
    v2, _ = index.download_repo_index_v2(url)
    v1, _ = index.download_repo_index(url)
    parts = urllib.parse.urlsplit(url)
    base = f'{parts.scheme}://{parts.netloc}{parts.path.rstrip("/")}'
    apks = []
    for package, data in v2['packages'].items():
        for version in data['versions'].values():
            name = version['file']['name']
            body = fetch(base + name)
            if hashlib.sha256(body).hexdigest() != version['file']['sha256'] or len(body) != version['file']['size']:
                raise VerificationException(f'{name}: SHA-256 or size does not match the index')
            with tempfile.NamedTemporaryFile(suffix='.apk') as fp:
                fp.write(body)
                fp.flush()
                cert = common.get_first_signer_certificate(fp.name)
            signer = common.signer_fingerprint(cert) if cert else None
            expected = version['manifest'].get('signer', {}).get('sha256', [None])[0]
            if signer != expected:
                raise VerificationException(f'{name}: signed by {signer}, the index says {expected}')
            apks.append({'package': package, 'file': name, 'signer': signer})
    print(json.dumps({
        'fingerprint': v1['repo']['fingerprint'],
        'v2Packages': sorted(v2['packages'].keys()),
        'v1Packages': sorted(app['packageName'] for app in v1['apps']),
        'v2Timestamp': v2['repo']['timestamp'],
        'v1Timestamp': v1['repo']['timestamp'],
        'apks': apks,
    }))


if __name__ == '__main__':
    try:
        main(sys.argv[1])
    except VerificationException as error:
        print(json.dumps({'refused': str(error)}))
        sys.exit(2)
