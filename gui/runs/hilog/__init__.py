"""The Runs tab's device log: the live hilog stream's feed, model, table, query box and view, and the link that keeps it following the target device."""
