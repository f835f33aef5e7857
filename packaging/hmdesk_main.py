"""The bundle's entry script (packaging/hmdesk.spec): what the ``hmdesk`` command runs."""

from hmdesk.gui.system_check import launch

raise SystemExit(launch())
