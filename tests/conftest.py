"""Fixtures shared by every test folder: the fake hdc/hvigorw (``fake_tools``)."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from tests.fixtures.fake_tools import fake_tools

__all__ = ["fake_tools"]
