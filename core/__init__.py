"""hmdesk's Qt-free core. ``__version__`` is the one place the version is written: setuptools
reads it for the wheel's metadata (``dynamic = ["version"]`` in pyproject.toml), both entry points
print it for ``--version``, the About dialog shows it, and a test checks the AppStream metainfo's
newest ``<release>`` names it."""

__version__ = "0.1.0"
