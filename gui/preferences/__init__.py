"""Preferences (Edit › Preferences…, Ctrl+,): the settings file as a dialog."""
