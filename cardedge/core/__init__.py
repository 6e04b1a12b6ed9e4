"""The bottom room every layer may import: atomic file writing (``files``), the progress
callback type (``progress``) and the one exception for a refused value (``errors.BadValue``).
It imports no layer of cardedge, only the standard library."""
