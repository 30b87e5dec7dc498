# Sourced by bin/app and bin/test: make .venv with the project installed (once per pyproject change).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PYTHON="${PYTHON:-python3}"
VENV="$ROOT/.venv"
# Python keeps the app's compiled modules in __pycache__, as it does by default. Some machines turn that off
# (PYTHONDONTWRITEBYTECODE; the ones this project is built and tested on do), and then every start compiles
# the app's hundred modules again: 0.17 s of the server's preparation, while the browser loads the web client.
unset PYTHONDONTWRITEBYTECODE

ensure_venv() {  # $1: extras to install, e.g. "" or "[test]"
    local extras="$1"
    local stamp="$VENV/.installed$extras"
    local want
    want="$(sha256sum pyproject.toml | cut -c1-16)"
    if [ ! -x "$VENV/bin/python" ]; then
        "$PYTHON" -m venv "$VENV"
    fi
    if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
        "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -e ".$extras"
        echo "$want" > "$stamp"
    fi
}
