"""``cardedge serve``: the exact calculator in the browser (the ``web`` extra: Starlette and
uvicorn). ``app.create_app()`` builds the ASGI app: a JSON API answering what
``cardedge GAME COMMAND --format json`` prints (``calls``), a calculator page per game
(``pages``, ``static/``), the results/ tables; the work runs in a bounded pool with a cache
(``work``). The web computes nothing itself: every figure is an API call
(``cardedge.zero``, ``cardedge.blackjack``)."""
