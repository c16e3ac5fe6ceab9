"""The gate: which paths, names and folders wsnb may touch, decided before the disk is.

``access`` holds ``AccessPolicy`` (every user path passes ``resolve()`` / a
``check_*()``), each answer a ``Decision`` (``decision``); ``wspath`` the ``WsPath``
only the policy makes; ``names`` the rules a name alone decides (sensitive,
dangerous); ``roots`` which folders may be a workspace; ``filekinds`` the suffixes
that are never text.
"""
