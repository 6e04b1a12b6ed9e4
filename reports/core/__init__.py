"""Shared table plumbing: the Table record, its rendering (text, CSV, JSON, Markdown)."""
