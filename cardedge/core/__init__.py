"""The bottom room every layer may import: atomic file writing (``files``) and the progress
callback type (``progress``). It imports no layer of cardedge, only the standard library."""
