"""Serving the web app to a class: Voilà with an access gate, kernel limits and its own page
template (no outside assets, a "connection lost" banner).

- `access`: who may reach the server (Host header, class password) and the address to print;
- `limits`: how many kernels in total and per client;
- `handlers`: the small pages and answers of our own (password, server full, kernel alive);
- `app`: the Voilà application put together from these.
"""
