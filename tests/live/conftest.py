"""The in-process UI fixtures (a data folder, the app's services, a session harness) for the live table's tests."""

from tests.ui.conftest import open_app, services  # noqa: F401 (fixtures, found by name)
