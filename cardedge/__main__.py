import sys

from cardedge.cli import main

sys.exit(main())
