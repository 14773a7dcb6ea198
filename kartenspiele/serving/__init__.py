"""Serving the web app to a class: Voilà with an access gate, kernel limits and its own page
template (no outside assets, a "connection lost" banner).

- `access`: who may reach the server (Host header, class password) and the address to print;
- `clients`: the client's address (`X-Forwarded-For` only from a trusted proxy) and its
  device cookie;
- `limits`: how many kernels in total, per device and per address without a device cookie;
- `handlers`: the small pages and answers of our own (password, server full, kernel alive);
- `login_limits`: how often the class password may be tried, per device and in total;
- `local_query`: the preheated kernels' `/voila/query/`, answered only to this machine;
- `teacher`: the teacher code (`--teacher-code`) and the teacher's address to print;
- `app`: the Voilà application put together from these.

What runs inside each page's kernel (its page's request, the click limit) is `kartenspiele.kernel`.
"""
