"""The `cardedge zero` command group."""
