"""The file index: a workspace scanned into a DataFrame, searched by name, in step with the disk.

``scanner`` scans (``walker`` walks the folders; ``gitignore``, ``gitmatch`` and
``gitpatterns`` are wsnb's own ``.gitignore`` engine; ``frames`` and ``scantypes`` shape
what a walk gives back); ``index`` holds the ``FileIndex``, whose ``find`` ranks names
(``namesearch``) over lists built once (``searchlists``, ``substrings``); ``changes``
turns changed paths into new rows (``scanrows``) and ``watcher`` is the thread that
reports them; ``treeview`` and ``analysis`` shape the index for people. Nothing here
imports plans, tools, the workspace facade, notes, the agent or a face.
"""
