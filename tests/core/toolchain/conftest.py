"""Fixtures for the toolchain tests (the GUI tests import ``fake_tools`` the same way)."""

from tests.fixtures.fake_tools import fake_tools

__all__ = ["fake_tools"]
