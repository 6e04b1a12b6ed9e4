from cardedge.cli import run

run()
