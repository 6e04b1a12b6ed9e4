"""Shared table plumbing: the Table record, rendering to text/CSV/JSON/Markdown, simulation reports."""
