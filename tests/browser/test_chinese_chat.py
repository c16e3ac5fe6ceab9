"""A Chinese conversation in the chat widget, in real JupyterLab in headless Chromium.

A person types four Chinese messages into ``ws.chat()`` (a search, a listing, a read and a
request for a new file), confirms the plan on its card with a click, and reads everything in
Chinese. The person has chosen Chinese (``wsnb.set_language("zh")``), so the widget's own labels
are Chinese; the replies follow the language of each message (tested without the setting in
``tests/test_agent_language.py``). The last
check reads every visible text of the widget (code blocks, file contents and input values
aside) and fails on each English sentence it finds, and on each English word on a button
(``tests/english.py`` says what counts). A
screenshot of the conversation lands in the test's tmp_path.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from english import english_sentences
from labpage import ACTION_TIMEOUT_MS, RUN_TIMEOUT_MS, open_and_run, write_notebook
from labserver import JupyterLabServer

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CELLS = [
    "import wsnb\n\nwsnb.set_language(\"zh\")\n"
    "ws = wsnb.open_workspace(wsnb.copy_sample_workspace(WORKSPACE))",
    "chat = ws.chat()\nchat",
]
NEW_FILE = "notes/待办.md"
MESSAGES = ["搜索 README", "src 里有什么", "读取 README.md", f"新建文件 {NEW_FILE}，内容是 # 待办"]
HAN = re.compile(r"[\u4e00-\u9fff]")

# Every text a person sees in ``root``: code and file contents become a mark that is neither
# English nor Chinese, inputs give their placeholder, hidden elements give nothing, and text
# is read as written (a badge styled upper-case is still a word). The page is changed in
# place, so this runs last.
_VISIBLE_TEXT = """
(root) => {
  for (const block of root.querySelectorAll("pre, code")) {
    block.textContent = "\u27e6code\u27e7";
  }
  for (const element of root.querySelectorAll("*")) { element.style.textTransform = "none"; }
  const texts = [root.innerText];
  const buttons = [];
  for (const button of root.querySelectorAll("button")) {
    if (button.getClientRects().length) { buttons.push(button.innerText); }
  }
  for (const input of root.querySelectorAll("input, textarea")) {
    if (input.getClientRects().length && input.placeholder) { texts.push(input.placeholder); }
  }
  for (const titled of root.querySelectorAll("[title]")) {
    if (titled.getClientRects().length) { texts.push(titled.title); }
  }
  return {texts, buttons};
}
"""


# What a pending plan card shows in Chinese, and the English it must not show instead.
CARD_CHINESE = ("等待确认", "目标", "预览")
CARD_RISK = re.compile(r"只读|低风险|中等风险|高风险|危险")
CARD_ENGLISH = re.compile(r"\b(risk|waiting|pending|target|preview|confirm|cancel)\b",
                          re.IGNORECASE)  # fmt: skip


def _assert_the_card_speaks_chinese(card: Locator) -> None:
    """The badges, the labels, the preview's caption and the buttons of a pending card."""
    shown = card.evaluate("(el) => { for (const e of el.querySelectorAll('*')) "
                          "{ e.style.textTransform = 'none'; } return el.innerText; }")
    for words in CARD_CHINESE:
        assert words in shown, f"{words!r} missing from the card:\n{shown}"
    assert CARD_RISK.search(shown), shown
    assert not CARD_ENGLISH.search(shown), shown
    buttons = [b.strip() for b in card.locator("button:visible").all_inner_texts()]
    assert "确认" in buttons and "取消" in buttons, buttons


def send(page: Page, chat: Locator, message: str, replies: int) -> Locator:
    """Type ``message`` into the chat's input, press Enter, wait for reply number ``replies``."""
    from playwright.sync_api import expect

    # The chat's own input: the text box that is not inside a reply (a card has its own).
    box = chat.locator(":is(input[type='text'], textarea):not(.wsnb-reply *)").last
    box.fill(message)
    box.press("Enter")
    answers = chat.locator(".wsnb-reply")
    expect(answers).to_have_count(replies, timeout=RUN_TIMEOUT_MS)
    reply = answers.nth(replies - 1)
    reply.wait_for(state="visible", timeout=ACTION_TIMEOUT_MS)
    return reply


def test_a_chinese_conversation_reads_in_chinese(
    lab_server: JupyterLabServer, lab_page: Page, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    workspace = lab_server.base / "chinese-chat-ws"  # its own: other modules share this server
    cells = [cell.replace("WORKSPACE", repr(str(workspace))) for cell in CELLS]
    write_notebook(lab_server.root / "chinese_chat.ipynb", cells)
    open_and_run(lab_page, lab_server.url, "chinese_chat.ipynb")
    chat = lab_page.locator(".wsnb-chat")
    expect(chat).to_have_count(1, timeout=ACTION_TIMEOUT_MS)

    search, listing, read, request = (send(lab_page, chat, message, number)
                                      for number, message in enumerate(MESSAGES, start=1))
    expect(search.locator("table")).to_contain_text("README.md")
    expect(listing.locator("table")).to_contain_text("main.cpp")
    expect(read).to_contain_text("wsnb sample workspace")  # the file, shown as code
    card = request.locator(".wsnb-plan-card")
    expect(card).to_have_count(1, timeout=ACTION_TIMEOUT_MS)
    expect(card).to_contain_text(NEW_FILE)

    confirm = card.locator("button").filter(has_text=re.compile(r"Confirm|确认"))
    expect(confirm).to_be_enabled(timeout=ACTION_TIMEOUT_MS)
    _assert_the_card_speaks_chinese(card)
    card.screenshot(path=tmp_path / "chinese-card.png")  # the pending card, badges and buttons
    confirm.click()
    expect(card).to_contain_text("✓", timeout=ACTION_TIMEOUT_MS)
    assert (workspace / NEW_FILE).read_text(encoding="utf-8") == "# 待办\n"

    for reply in (search, listing, read, request):
        assert HAN.search(reply.inner_text()), reply.inner_text()
    shot = tmp_path / "chinese-chat.png"
    lab_page.set_viewport_size({"width": 1200, "height": 3000})  # the whole conversation
    chat.scroll_into_view_if_needed()
    chat.screenshot(path=shot)
    print(f"\nscreenshot of the conversation: {shot}")

    seen: dict[str, list[str]] = chat.evaluate(_VISIBLE_TEXT)
    # A button's label is read alone, so one English word on it counts.
    found = english_sentences(seen["texts"]) + english_sentences(seen["buttons"], least=1)
    assert not found, (
        f"{len(found)} English sentences in a Chinese conversation (screenshot: {shot}):\n"
        + "\n".join(f"  {sentence}" for sentence in dict.fromkeys(found))
    )
