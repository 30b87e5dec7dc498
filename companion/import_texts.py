"""What a file's import says, each count in the plural form its number takes ("1 play", "2 plays"): one sentence
of several counts is made of counted pieces (`count.*` in the catalogs). Settings and the data command say the
same."""

from __future__ import annotations

from .i18n import Translator
from .store import bgstats, exchange


def backup_imported(t: Translator, report: exchange.ImportReport) -> str:
    return t("data.imported", plays=t("count.plays", n=report.plays_added), skipped=report.plays_skipped,
             drafts=t("count.games_in_progress", n=report.drafts_added),
             players=t("count.players", n=report.players_added))


def bgstats_imported(t: Translator, report: bgstats.ImportReport, source: str = "bgstats") -> str:
    """What an import of another app's plays added: from BG Stats, or from BoardGameGeek (`source` "bgg")."""
    return t(f"{source}.imported", plays=t("count.plays", n=report.plays_added), skipped=report.plays_skipped,
             players=t("count.new_players", n=report.players_added))


def bgstats_counts(t: Translator, plan: bgstats.ImportPlan) -> str:
    """What the file holds: its plays, players and games."""
    return t("bgstats.preview.counts", plays=t("count.plays", n=plan.total_plays),
             players=t("count.players", n=len(plan.players)), games=t("count.games", n=len(plan.games)))
