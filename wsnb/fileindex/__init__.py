"""The file index: a workspace scanned into a DataFrame, searched by name, in step with the disk.

``scanner`` walks (with ``gitignore`` / ``gitpatterns``, wsnb's own ``.gitignore``
engine, and ``frames`` / ``scantypes`` for what a walk gives back); ``index`` holds the
``FileIndex`` that ``find`` reads through ``searchlists`` and ``substrings``;
``following`` turns changed paths into new rows (``scanrows``) and ``watcher`` is the
thread that reports them; ``treeview`` and ``analysis`` shape the index for people.
Nothing here imports plans, tools, the workspace facade, notes, the agent or a face.
"""
