"""Times shown to players: 'just now', '5 min ago', dates in the player's language."""

from __future__ import annotations

from datetime import UTC, datetime

from ..i18n import Translator


def parse_time(iso: str) -> datetime:
    moment = datetime.fromisoformat(iso)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def ago(t: Translator, iso: str, now: datetime | None = None) -> str:
    seconds = ((now or datetime.now(UTC)) - parse_time(iso)).total_seconds()
    if seconds < 60:
        return t("time.just_now")
    if seconds < 3600:
        return t("time.minutes_ago", n=int(seconds // 60))
    if seconds < 86400:
        return t("time.hours_ago", n=int(seconds // 3600))
    return day(t, iso)


def day(t: Translator, iso: str) -> str:
    moment = parse_time(iso).astimezone()
    return t("time.date", y=moment.year, m=moment.month, d=moment.day)
