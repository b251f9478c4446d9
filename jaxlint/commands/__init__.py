"""Implementations of the CLI commands (one module each)."""
