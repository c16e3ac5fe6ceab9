"""Opening a file from the chat: never a dead end.

"open X" shows the file's text at once and proposes the plan that hands it to the desktop's
app (it runs on confirm). Without a desktop (JupyterLab on a server, the usual case) the
reply leads with what works there: the text, and an offer to open the file in a JupyterLab
tab (``reply.lab_open``, which the chat shows as a button; a tab runs no program). No plan is
made there: it could only fail on confirm. A folder is listed, with the same offer to show it
in JupyterLab's file browser.
"""

from __future__ import annotations

from ..i18n import _
from .actions import Session, is_dir, preview, py_string
from .changes import planned, single
from .commands import Command
from .reply import Reply

__all__ = ["open_item"]


def open_item(session: Session, command: Command) -> Reply:
    """The reply to "open X": a plan with a desktop; the text and a JupyterLab tab without."""
    path = single(session, command.get("target"))
    folder = is_dir(session, path)
    unavailable = session.ws.context.launcher.available()
    if folder and not unavailable:
        result = session.ws.open_folder(path)
        return Reply(result.message if result.success else str(result.error))
    if not unavailable or not session.ws.policy.check_open(path):
        # A name the policy never opens (an .exe, a .lnk) is refused here, with or without a
        # desktop: no JupyterLab tab is offered for it either.
        reply = planned([session.ws.open(path)])
        shown = preview(session, path) if reply.plans else None
        if shown is None:
            return reply
        # The app opens on confirm; the text is here at once, as "open" means in a chat.
        return Reply(f"{reply.text}\n\n{shown.text}", plans=reply.plans,
                     files_read=shown.files_read)  # fmt: skip
    return _without_desktop(session, path, folder)


def _without_desktop(session: Session, path: str, folder: bool) -> Reply:
    offer = _("There is no desktop here to open it with an app; in JupyterLab, the button "
              "below opens it in a tab (or Open in ws.explorer()).")
    if folder:
        frame = session.ws.ls(path)
        session.context.remember(frame["path"].tolist(), "listing")
        text = _("`{path}` is a folder; here is what it holds.").format(path=path)
        return Reply(f"{text} {offer}", table=frame[["name", "is_dir", "size"]], lab_open=path,
                     python=f"ws.ls({py_string(path)})")  # fmt: skip
    shown = preview(session, path)
    if shown is None:  # an image, a PDF: no text to show here
        text = _("`{path}` has no text to show here.").format(path=path)
        return Reply(f"{text} {offer}", lab_open=path)
    return Reply(f"{offer}\n\n{shown.text}", files_read=shown.files_read, lab_open=path)
