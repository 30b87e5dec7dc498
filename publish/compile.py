"""Run inside the build's Pyodide (see compile.mjs): every module of /tmp/app.tar.gz becomes bytecode.

Sourceless `.pyc` files in place of the `.py` files: half the files to unpack at each start, and nothing to
compile on the phone. The archive stays reproducible (sorted, no times, no owners).
"""

import io
import py_compile
import tarfile

ARCHIVE = "/tmp/app.tar.gz"
SOURCE, BYTECODE = "/tmp/module.py", "/tmp/module.pyc"

with tarfile.open(ARCHIVE) as tar:
    members = [(m.name, tar.extractfile(m).read()) for m in tar.getmembers() if m.isfile()]

out = io.BytesIO()
with tarfile.open(fileobj=out, mode="w:gz", format=tarfile.PAX_FORMAT, compresslevel=9) as tar:
    for name, data in sorted(members):
        if name.endswith(".py"):
            with open(SOURCE, "wb") as handle:
                handle.write(data)
            py_compile.compile(SOURCE, cfile=BYTECODE, dfile=name, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            with open(BYTECODE, "rb") as handle:
                data = handle.read()
            name += "c"
        info = tarfile.TarInfo(name)
        info.size, info.mode, info.mtime = len(data), 0o644, 0
        tar.addfile(info, io.BytesIO(data))
raw = out.getvalue()
with open(ARCHIVE, "wb") as handle:
    handle.write(raw[:4] + b"\0\0\0\0" + raw[8:])  # the gzip header's own timestamp
