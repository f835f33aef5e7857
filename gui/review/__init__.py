"""The Review area: contradiction and duplicate groups, promotion and decay proposals."""
