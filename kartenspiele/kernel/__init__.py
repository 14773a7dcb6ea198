"""What a served page's kernel does for itself, below every page: wait for its page's request
when it was started ahead of time (`page_request`), run each widget message under the click
limit (`click_limit`), check every value a browser sends before a widget takes it
(`update_guard`), send no widget message while no browser has looked (`unseen_widgets`), keep
the bots' and the listing's memos small (`memory`), die with the server and stay under a memory
bound (`guard`, run before the kernel) and end at that bound (`memory_limit`).

The server's side of serving (the Voilà app, access, limits) is `kartenspiele.serving`.
"""
