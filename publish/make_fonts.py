"""Make the fonts in assets/fonts/ (run by hand when a catalog gains a character no shipped font has; the app and
bin/publish use the committed files, so neither a build nor a start needs the network).

- Table Gothic gets the symbols the app writes that NanumGothic lacks: the minus sign (drawn from Table Gothic's
  own plus sign: same width, same bar), the check and cross marks of a yes/no field (from Noto Sans Symbols 2),
  and the characters of the languages' own names that Settings lists in every language (日本語, from Noto Sans JP).
  Without them Flutter's web engine fetches a Noto fallback font that the app does not ship (absent offline).
- Table Sans JP: Table Gothic with Noto Sans JP's glyphs for the Japanese the app needs (kana, CJK punctuation,
  full-width forms, the 2,965 kanji of JIS level 1, which hold the common kanji of Japanese names, and every
  character of the Japanese catalogs), 0.69 MB as WOFF2 (the Japanese cut alone was 0.47 MB; with JIS level 2,
  0.97 MB). Loaded only when Japanese is shown, in Table Gothic's place: one typeface draws Japanese, Hangul names
  and the rest.

Both sources are OFL fonts from the npm registry (`npm pack`), pinned below.

    .venv/bin/python -m publish.make_fonts
"""

from __future__ import annotations

import io
import json
import subprocess
import tarfile
import tempfile
from pathlib import Path

from babel import Locale
from fontTools import subset
from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "assets" / "fonts"
TABLE_GOTHIC = FONTS / "TableGothic-Regular.ttf"
TABLE_SANS_JP = FONTS / "TableSansJP-Regular.woff2"
SYMBOLS_PACKAGE = ("@fontsource/noto-sans-symbols-2@5.3.0", "files/noto-sans-symbols-2-symbols-400-normal.woff2")
JAPANESE_PACKAGE = ("@openfonts/noto-sans-jp_japanese@1.44.6", "files/noto-sans-jp-japanese-400.woff2")
MINUS = 0x2212
MARKS = "\u2713\u2717"  # check mark, ballot X
JAPANESE_CATALOGS = ("companion/locales/ja.json", "scoring/locales/ja.json")
JAPANESE_RANGES = ((0x20, 0x7E), (0x3000, 0x30FF), (0xFF01, 0xFFEF))


def npm_font(package: str, member: str, folder: Path) -> TTFont:
    name = subprocess.run(["npm", "pack", "--silent", package], cwd=folder, check=True, capture_output=True,
                          text=True).stdout.split()[-1]
    with tarfile.open(folder / name) as archive:
        data = archive.extractfile(f"package/{member}").read()  # type: ignore[union-attr]
    return TTFont(io.BytesIO(data))


def jis_level_1() -> str:
    """The kanji of JIS X 0208 level 1 (rows 16-47), read from the EUC-JP codec."""
    kanji = []
    for row in range(16, 48):
        for cell in range(1, 95):
            try:
                kanji.append(bytes([0xA0 + row, 0xA0 + cell]).decode("euc_jp"))
            except UnicodeDecodeError:
                continue  # row 47 ends at cell 51
    return "".join(kanji)


def catalog_text(path: Path) -> str:
    def strings(value: object) -> list[str]:
        if isinstance(value, str):
            return [value]
        if isinstance(value, dict):
            return [s for item in value.values() for s in strings(item)]
        if isinstance(value, list):
            return [s for item in value for s in strings(item)]
        return []

    return "".join(strings(json.loads(path.read_text(encoding="utf-8")))) if path.exists() else ""


def add_glyph(font: TTFont, codepoint: int, name: str, glyph: object, advance: int) -> None:
    font["glyf"].glyphs[name] = glyph
    font["glyf"].glyphOrder.append(name)
    font.setGlyphOrder(font["glyf"].glyphOrder)
    font["hmtx"].metrics[name] = (advance, glyph.xMin)  # type: ignore[attr-defined]
    for table in font["cmap"].tables:
        if table.isUnicode():
            table.cmap[codepoint] = name
    font["maxp"].numGlyphs = len(font.getGlyphOrder())
    font["hhea"].numberOfHMetrics = len(font["hmtx"].metrics)


def minus_from_plus(font: TTFont) -> tuple[object, int]:
    """A bar as long as the plus sign's and as thick as its horizontal arm, at the same height."""
    glyf = font["glyf"]
    plus = glyf[font.getBestCmap()[ord("+")]]
    coordinates, _, _ = plus.getCoordinates(glyf)
    left = min(x for x, _ in coordinates)
    right = max(x for x, _ in coordinates)
    arm = sorted({y for x, y in coordinates if x == left})
    bottom, top = arm[0], arm[-1]
    pen = TTGlyphPen(None)
    for point in ((left, bottom), (left, top), (right, top), (right, bottom)):
        (pen.moveTo if point == (left, bottom) else pen.lineTo)(point)
    pen.closePath()
    glyph = pen.glyph()
    glyph.recalcBounds(glyf)
    return glyph, font["hmtx"][font.getBestCmap()[ord("+")]][0]


def language_names() -> str:
    """Each language of the app's catalogs by its own name, as Settings lists them (i18n.language_name)."""
    return "".join(Locale.parse(path.stem).get_display_name(path.stem) or ""
                   for path in sorted((ROOT / "companion" / "locales").glob("*.json")))


def complete_table_gothic(*sources: TTFont) -> None:
    """Add what Table Gothic lacks, each glyph from the first source that has it (all at 1000 units per em)."""
    font = TTFont(TABLE_GOTHIC)
    if MINUS not in font.getBestCmap():
        add_glyph(font, MINUS, "minus", *minus_from_plus(font))
    for codepoint in sorted({ord(c) for c in MARKS + language_names()} - set(font.getBestCmap())):
        source = next(source for source in sources if codepoint in source.getBestCmap())
        name = source.getBestCmap()[codepoint]
        glyph = source["glyf"][name]
        glyph.recalcBounds(source["glyf"])
        add_glyph(font, codepoint, f"uni{codepoint:04X}", glyph, source["hmtx"][name][0])
    font.save(TABLE_GOTHIC)


def make_table_sans_jp(noto: TTFont) -> TTFont:
    """Noto Sans JP cut to the Japanese the app needs."""
    text = "".join(chr(c) for start, end in JAPANESE_RANGES for c in range(start, end + 1)) + jis_level_1()
    text += "".join(catalog_text(ROOT / path) for path in JAPANESE_CATALOGS)
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    options.drop_tables += ["vhea", "vmtx", "VORG"]  # the app writes no vertical text
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(noto)
    return noto


def save_table_sans_jp(japanese: TTFont) -> None:
    """Table Sans JP is Table Gothic with the Japanese glyphs it lacks: one typeface that draws every text the app
    shows. Flutter's web engine draws a family with one of its typefaces, not a glyph from each (with Table Gothic
    and the Japanese cut in one family, whichever it picked left the other's characters blank), and it falls back
    only to Noto fonts, which the app does not ship."""
    font = TTFont(TABLE_GOTHIC)
    have = set(font.getBestCmap())
    glyphs = japanese.getGlyphSet()
    for codepoint, name in sorted(japanese.getBestCmap().items()):
        if codepoint in have:
            continue
        recorded = DecomposingRecordingPen(glyphs)  # composite glyphs drawn whole: no component goes missing
        glyphs[name].draw(recorded)
        pen = TTGlyphPen(None)
        recorded.replay(pen)
        glyph = pen.glyph()
        glyph.recalcBounds(font["glyf"])
        add_glyph(font, codepoint, f"uni{codepoint:04X}", glyph, japanese["hmtx"][name][0])
    names = font["name"]
    for record in list(names.names):  # renamed: a modified version under its own name
        if record.nameID in (1, 3, 4, 6, 16):
            value = {1: "Table Sans JP", 3: "TableSansJP-Regular", 4: "Table Sans JP Regular",
                     6: "TableSansJP-Regular", 16: "Table Sans JP"}[record.nameID]
            names.setName(value, record.nameID, record.platformID, record.platEncID, record.langID)
    font.flavor = "woff2"
    font.save(TABLE_SANS_JP)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        noto_jp = npm_font(*JAPANESE_PACKAGE, Path(folder))
        complete_table_gothic(npm_font(*SYMBOLS_PACKAGE, Path(folder)), noto_jp)
        save_table_sans_jp(make_table_sans_jp(noto_jp))
    for path in (TABLE_GOTHIC, TABLE_SANS_JP):
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
