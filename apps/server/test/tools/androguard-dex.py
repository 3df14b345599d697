"""Lists what an APK's code references, read by Debian's androguard, for comparison with Glyphary's dex reader.

Usage: androguard-dex.py <file.apk | file.dex>...
Prints one JSON object per argument: the packages of every referenced type (type_ids), the referenced
methods of the platform (android., java., javax., dalvik.) as class.method, and the ABIs under lib/.
"""
import json
import re
import sys
import zipfile

from androguard.core.bytecodes.dvm import DalvikVMFormat, TypeMapItem

FRAMEWORK = re.compile(r'^(android|java|javax|dalvik)\.')
DEX_NAME = re.compile(r'^classes\d*\.dex$')
NATIVE_LIB = re.compile(r'^lib/([^/]+)/[^/]+\.so$')


def text(value):
    # androguard keeps dex strings as bytes (modified UTF-8); class and method names are read as UTF-8.
    return bytes(value).decode('utf-8', 'replace') if isinstance(value, (bytes, bytearray)) else str(value)


def java_name(descriptor):
    descriptor = text(descriptor)
    if not (descriptor.startswith('L') and descriptor.endswith(';')) or len(descriptor) < 3:
        return None
    return descriptor[1:-1].replace('/', '.')


def references(dex_bytes, packages, methods):
    dex = DalvikVMFormat(dex_bytes)
    types = dex.map_list.get_item_type(TypeMapItem.TYPE_ID_ITEM)
    for type_item in types.get_type() if types else []:
        name = java_name(type_item.get_descriptor_idx_value())
        if name and '.' in name:
            packages.add(name.rsplit('.', 1)[0])
    methods_item = dex.map_list.get_item_type(TypeMapItem.METHOD_ID_ITEM)
    for method in methods_item.methods if methods_item else []:
        name = java_name(method.get_class_name())
        if name and FRAMEWORK.match(name):
            methods.add(name + '.' + text(method.get_name()))


def main(paths):
    for path in paths:
        packages, methods, abis = set(), set(), set()
        if path.endswith('.dex'):
            with open(path, 'rb') as handle:
                references(handle.read(), packages, methods)
        else:
            with zipfile.ZipFile(path) as apk:
                for name in apk.namelist():
                    if DEX_NAME.match(name):
                        references(apk.read(name), packages, methods)
                    match = NATIVE_LIB.match(name)
                    if match:
                        abis.add(match.group(1))
        print(json.dumps({'path': path, 'packages': sorted(packages), 'frameworkMethods': sorted(methods), 'abis': sorted(abis)}))


if __name__ == '__main__':
    main(sys.argv[1:])
