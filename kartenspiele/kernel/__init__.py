"""What a served page's kernel does for itself, below every page: wait for its page's request
when it was started ahead of time (`page_request`), run each widget message under the click
limit (`click_limit`), check every value a browser sends before a widget takes it
(`update_guard`) and keep the bots' and the listing's memos small (`memory`).

The server's side of serving (the Voilà app, access, limits) is `kartenspiele.serving`.
"""
