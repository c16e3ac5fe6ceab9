"""The only modules that open, write, trash or launch a user's file, each given a ``WsPath``.

``textio`` reads and decodes text; ``fsops`` writes atomically with backups and
fingerprints; ``trash`` sends to the system trash and back; ``launcher`` opens a path with
the operating system's default app.
"""
