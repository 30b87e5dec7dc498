# Sourced by bin/app and bin/test: make .venv with the project installed (once per pyproject change).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PYTHON="${PYTHON:-python3}"
VENV="$ROOT/.venv"

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
