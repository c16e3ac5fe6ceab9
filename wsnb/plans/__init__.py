"""Plans and the journal: the only way wsnb changes a file, and the way back.

``plan`` holds ``Plan`` (the lifecycle, stale checks, confirmation); ``book`` the
``PlanBook`` a workspace talks to (proposing, confirming, journaling, undo) and the
marking of plans whose paths changed outside wsnb; ``building`` what the write tools
share to build a plan; ``journal`` the JSON lines of executed plans and what undoing one
means; ``record`` the small protocol the journal and the tools see of a plan.
"""
