"""What the areas share: worker threads, the small table model, highlighting, theme colours."""
