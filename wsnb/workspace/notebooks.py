"""The workspace's notebooks as cells: ``ws.cells``, ``ws.notebooks`` and cell edits as plans.

A mixin of the core ``Workspace`` (``wsnb.workspace.facade``): it wires the notebook
read helpers (``wsnb.tools.notebooks``) and the ``edit_notebook`` tool to the facade,
with no logic of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..tools.limits import ToolLimits

if TYPE_CHECKING:
    import pandas as pd

    from ..plans.book import PlanBook
    from ..plans.plan import Plan
    from ..policy.access import AccessPolicy
    from ..tools.base import ToolContext

__all__ = ["NotebookMethods"]

_PERSON = ToolLimits.for_person()


class NotebookMethods:
    """``ws.cells``, ``ws.notebooks``, ``ws.edit_cell``, ``ws.insert_cell``, ``ws.delete_cell``
    and ``ws.clear_outputs``: a notebook read and changed as cells."""

    policy: AccessPolicy
    context: ToolContext
    _reading: ToolContext
    _book: PlanBook
    _notebooks: tuple[pd.DataFrame, pd.DataFrame] | None = None

    def cells(self, path: str) -> pd.DataFrame:
        """A notebook's cells as a table, one row per cell.

        Parameters
        ----------
        path : str
            A workspace-relative ``.ipynb`` file.

        Returns
        -------
        pandas.DataFrame
            ``cell`` (numbered from 1), ``cell_id`` (nbformat 4.5 and later), ``cell_type``,
            ``source``, ``execution_count``, ``outputs`` (how many), ``output_types``
            (``stream``, ``error``, ``image/png``...), ``has_error``, ``output_bytes`` (what
            the outputs take in the file).

        Raises
        ------
        PolicyError, NotFoundError
            The path is refused or missing.
        UnsupportedFileError
            The file is not a notebook's JSON.
        """
        from ..display import readable
        from ..text.nbcache import NOTEBOOKS
        from ..tools.notebooks import cells_frame

        target = self.policy.check_read_file(path, for_model=False).raise_if_refused()
        frame = cells_frame(NOTEBOOKS.notebook(target))
        return readable(frame, left=["source", "output_types"])

    @property
    def notebooks(self) -> pd.DataFrame:
        """Every notebook of the index, one row each, read as cells.

        ``path``, ``kernel``, ``language``, ``cells``, ``code_cells``, ``markdown_cells``,
        ``executed_cells``, ``error_cells`` (cells with an error output), ``output_bytes``,
        ``nbformat`` (``"4.4"``) and ``valid`` (against its nbformat schema). Each notebook
        is read once and kept by its size and modification time, so the table follows
        the disk as the index does; a notebook that can't be read as cells is named in
        the note under the table.
        """
        from ..display import readable
        from ..tools.notebooks import notebooks_frame

        frame = self._reading.index().frame
        if self._notebooks is None or self._notebooks[0] is not frame:
            self._notebooks = (frame, notebooks_frame(self._reading))
        return readable(self._notebooks[1].copy(), left=["path"])

    def edit_cell(self, path: str, cell: int | str, source: str) -> Plan:
        """Plan new source for one cell of a notebook; only that cell's lines change.

        Parameters
        ----------
        path : str
            A workspace-relative ``.ipynb`` file.
        cell : int or str
            The cell's number (from 1) or its id.
        source : str
            The cell's whole new source.

        Returns
        -------
        Plan
            Pending; its card shows "cell 3 · code" and the source's diff. Its outputs are
            kept.
        """
        return self._notebook_plan(path, "replace", cell=cell, new_source=source)

    def insert_cell(self, path: str, at: int | str, source: str,
                    cell_type: str = "code") -> Plan:  # fmt: skip
        """Plan a new cell in a notebook.

        Parameters
        ----------
        path : str
            A workspace-relative ``.ipynb`` file.
        at : int or str
            The number the new cell gets (1 puts it first, one past the last appends it),
            or the id of the cell it goes right after.
        source : str
            Its source.
        cell_type : str
            ``"code"`` (the default), ``"markdown"`` or ``"raw"``.

        Returns
        -------
        Plan
            Pending; its card shows the new cell whole.
        """
        return self._notebook_plan(path, "insert", cell=at, new_source=source,
                                   cell_type=cell_type)  # fmt: skip

    def delete_cell(self, path: str, cell: int | str) -> Plan:
        """Plan removing one cell from a notebook (the file is backed up first).

        Parameters
        ----------
        path : str
            A workspace-relative ``.ipynb`` file.
        cell : int or str
            The cell's number (from 1) or its id.

        Returns
        -------
        Plan
            Pending; its card shows the cell that goes, whole.
        """
        return self._notebook_plan(path, "delete", cell=cell)

    def clear_outputs(self, path: str) -> Plan:
        """Plan clearing every output and execution count of a notebook (before a commit).

        Parameters
        ----------
        path : str
            A workspace-relative ``.ipynb`` file.

        Returns
        -------
        Plan
            Pending; its card names each cell's outputs that go, and how much the file
            shrinks. Sources and metadata stay as they are.
        """
        return self._notebook_plan(path, "clear_outputs")

    def _notebook_plan(self, path: str, mode: str, **params: Any) -> Plan:
        return self._book.propose("edit_notebook", path=path, mode=mode, **params)
