"""Times shown to players: 'just now', '5 min ago', dates and times in the player's locale (local time)."""

from __future__ import annotations

from datetime import UTC, datetime

from ..i18n import Translator
from ..store.summary import parse_time


def local(iso: str) -> datetime:
    """A stored time as a naive datetime in this computer's time zone (what the table's clock shows)."""
    return parse_time(iso).astimezone().replace(tzinfo=None)


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
    return t.date(local(iso))


def day_and_time(t: Translator, iso: str, now: datetime | None = None, weekday: bool = True) -> str:
    """The weekday, date and time of a play; the year only when it is not this year."""
    moment = local(iso)
    return t.day_and_time(moment, with_year=moment.year != (now or datetime.now()).year, weekday=weekday)
