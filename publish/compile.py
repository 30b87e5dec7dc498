"""Run inside the build's Pyodide (see compile.mjs): every module of /tmp/app.zip becomes bytecode.

Sourceless `.pyc` files in place of the `.py` files: nothing to compile on the phone. The archive stays
reproducible (sorted, one fixed time), as build.app_archive writes it.
"""

import io
import py_compile
import zipfile

ARCHIVE = "/tmp/app.zip"
SOURCE, BYTECODE = "/tmp/module.py", "/tmp/module.pyc"

with zipfile.ZipFile(ARCHIVE) as archive:
    members = [(info.filename, archive.read(info)) for info in archive.infolist() if not info.is_dir()]

out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:  # stored, as build.app_archive writes it
    for name, data in sorted(members):
        if name.endswith(".py"):
            with open(SOURCE, "wb") as handle:
                handle.write(data)
            py_compile.compile(SOURCE, cfile=BYTECODE, dfile=name, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            with open(BYTECODE, "rb") as handle:
                data = handle.read()
            name += "c"
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type, info.external_attr = zipfile.ZIP_STORED, 0o644 << 16
        archive.writestr(info, data)
with open(ARCHIVE, "wb") as handle:
    handle.write(out.getvalue())
