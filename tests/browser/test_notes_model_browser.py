"""The onboarding form in real JupyterLab with a model connected (a real OpenAI-compatible server
on 127.0.0.1): the files it writes stream into the form, then show as plan cards.

A module of its own: each module gets a fresh JupyterLab, so no other notebook is open."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from labpage import ACTION_TIMEOUT_MS, open_and_run, output_with, write_notebook
from labserver import JupyterLabServer

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

MODEL_CELL = """\
import wsnb
from wsnb.llm import LLMClient

nb = wsnb.open_notes({notes!r})
nb.initialize().confirm()
writer = nb.model_writer(LLMClient({url!r}, model="test-model", environ={{}}, max_retries=0))
form = nb.onboarding_form(writer=writer)
form.fill({{"address": "Sam", "assistant_name": "Ada", "detail": "concise",
           "interruptions": "only when urgent", "output_format": "Markdown"}})
form.add_class("probe-model-onboarding")
form
"""


def test_a_model_writes_the_files_streamed_into_the_form(lab_server: JupyterLabServer,
                                                        lab_page: Page, tmp_path: Path) -> None:
    from agent_server import ScriptedServer, Step, text_chunks

    server = ScriptedServer()
    try:
        texts = ("# Soul\n\nAda: calm, concise, a little dry.", "# User\n\nSam, writing a thesis.",
                 "# Rules\n\n- Never delete files.", "- Sam's goal: the thesis.")  # fmt: skip
        server.script(*[Step(events=text_chunks(text)) for text in texts])
        notes = lab_server.base / "model-notes"
        notes.mkdir()
        cell = MODEL_CELL.format(notes=str(notes), url=server.url)
        write_notebook(lab_server.root / "model-onboarding.ipynb", [cell])
        open_and_run(lab_page, lab_server.url, "model-onboarding.ipynb")
        form = output_with(lab_page, ".probe-model-onboarding", "How should I address you?")
        form.get_by_role("button", name="Make the plans").click()
        form.get_by_text("Ada: calm, concise, a little dry.").first.wait_for(
            timeout=ACTION_TIMEOUT_MS)  # the stream, shown in the form
        group = form.locator(".wsnb-plan-group")
        group.get_by_text("Write soul.md").first.wait_for(timeout=ACTION_TIMEOUT_MS)
        form.screenshot(path=tmp_path / "model-onboarding.png")
        group.get_by_role("button", name="Confirm all").click()
        group.get_by_text("Done: 4 plans carried out.").wait_for(timeout=ACTION_TIMEOUT_MS)
        assert (notes / "soul.md").read_text(encoding="utf-8") == texts[0] + "\n"
        assert len(server.chat_requests) == 4
    finally:
        server.close()
