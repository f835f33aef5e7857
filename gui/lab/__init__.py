"""The Recall lab area: labelled sets run through retrieval profiles side by side
(:class:`~hmdesk.gui.lab.window.RecallLabWindow`, View › Recall lab…)."""
