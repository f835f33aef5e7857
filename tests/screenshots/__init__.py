"""`make screenshots`: renders the README's screenshots from a throw-away database and the test fakes."""
