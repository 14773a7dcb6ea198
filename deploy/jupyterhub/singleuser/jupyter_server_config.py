"""Settings of each pupil's Jupyter Server under JupyterHub (found through JUPYTER_CONFIG_PATH).

The same page template as `kartenspiele serve` (no outside assets, the "connection lost"
banner, which here asks the server's kernels API), sources hidden, no picture files served,
kernels of closed pages culled after 10 minutes while an open page keeps its kernel, and the
page's scripts kept by the browser (`kartenspiele.serving.hub_assets`).
"""

import os

from kartenspiele.serving.app import TEMPLATE, banner_config, data_folder
from kartenspiele.serving.hub_assets import hub_asset_config

c = get_config()  # noqa: F821 — provided by Jupyter Server when it loads this file

os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(data_folder()), os.environ.get("JUPYTER_PATH")]))
c.VoilaConfiguration.template = TEMPLATE
c.VoilaConfiguration.strip_sources = True
c.VoilaConfiguration.show_tracebacks = False
c.VoilaConfiguration.file_allowlist = []
banner = banner_config("api/kernels/")
assets = hub_asset_config(TEMPLATE)
c.VoilaConfiguration.page_config_hook = lambda page_config, **kwargs: assets(banner(page_config, **kwargs))
c.ServerApp.jpserver_extensions = {"kartenspiele.serving.hub_assets": True}  # scripts kept by the browser
c.MappingKernelManager.cull_idle_timeout = 600
c.MappingKernelManager.cull_interval = 60
c.MappingKernelManager.cull_connected = False
c.MappingKernelManager.cull_busy = False
