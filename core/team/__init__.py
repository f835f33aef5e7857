"""The team store: hmdesk on a shared PostgreSQL database.

* :mod:`~.credentials` — where a database password comes from (the URL, ``PGPASSFILE``, the
  system keyring) and how a URL is made safe to store or show;
* :mod:`~.identity` — who the user is (the ``user`` setting, else the system login): the actor
  written on every event, and what "mine" means;
* :mod:`~.notify` — ``LISTEN/NOTIFY``: how a running client learns about other clients' writes;
* :mod:`~.sync` — ``push`` / ``pull`` of memories between a personal store and a team store.
"""
