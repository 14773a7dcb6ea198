"""The store: everything that must outlive a kernel is kept here, and nothing else persists.

`interface` (the `Store` API, its errors) imports no backend; the backends (`sqlite_store`,
`redis_store`, `service_store`, `memory_store`) implement it; `opening` picks one from a URL or
a folder. `store_access` is what the hub's store service lets a pupil do, `data_folder` guards
the SQLite file's folder, `backup` copies the store and puts it back.

May use: core, lite, i18n. Nothing else of `classroom` (it is the bottom of the layer).
"""
