"""The options of a decision as a list that scrolls inside its own pane.

A decision can offer more options than the pane has lines (Caboose's first auction at four
players offers 19 bids): the list scrolls, a line under it says how many are out of sight
above and below (``▲ 3 · ▼ még 4``), and the option that ends the decision („Kész”, or
„Vissza” in a follow-up choice) is pinned under the list, so it is never scrolled away.
Every option keeps its number wherever it is drawn; typing a number highlights that option
and scrolls it into view before Enter plays it.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from asztal.cli.text import t

#: the codes of the options that end a decision: pinned under the list
PINNED_CODES = frozenset({"done"})


def numbered(number: int, label: str) -> Table:
    """An option: its number, then its label, whose wrapped lines stay under the label."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=3, justify="right", style="bold cyan")
    grid.add_column(ratio=1)
    grid.add_row(str(number), label)
    return grid


def pinned_index(codes: list[str]) -> int | None:
    """Which option (by position) is pinned: the last one that ends the decision, if any."""
    for i in range(len(codes) - 1, -1, -1):
        if codes[i] in PINNED_CODES:
            return i
    return None


class Options(OptionList):
    """The scrolling part of the list; tells the app when what is out of sight changes."""

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self.call_after_refresh(self._moved)

    def on_resize(self) -> None:
        self.call_after_refresh(self._moved)

    def _moved(self) -> None:
        mark = getattr(self.app, "mark_hidden", None)
        if mark is not None:
            mark()

    def hidden(self) -> tuple[int, int]:
        """How many options are wholly or partly out of sight above and below."""
        lines = self._lines
        height = self.scrollable_content_region.height
        if not lines or height <= 0:
            return 0, 0
        top = min(int(self.scroll_offset.y), len(lines) - 1)
        bottom = min(top + height, len(lines)) - 1
        first, first_line = lines[top]
        last, _ = lines[bottom]
        above = first + (1 if first_line > 0 else 0)
        last_whole = bottom + 1 >= len(lines) or lines[bottom + 1][0] != last
        below = self.option_count - 1 - last + (0 if last_whole else 1)
        return above, below

    def show_number(self, number: int) -> bool:
        """Highlight the option numbered ``number`` (scrolled into view); False if not here."""
        for index in range(self.option_count):
            if self.get_option_at_index(index).id == str(number):
                self.highlighted = index
                self.scroll_to_highlight()
                return True
        return False


def hidden_mark(above: int, below: int, lang: str) -> Text:
    """The line under the list: what is out of sight, and how to reach it."""
    parts = []
    if above:
        parts.append(t("screen.above", lang, n=above))
    if below:
        parts.append(t("screen.below", lang, n=below))
    if not parts:
        return Text("")
    return Text(" · ".join(parts) + " (" + t("screen.scroll_how", lang) + ")", style="bold yellow")


def option_rows(labels: list[str], pinned: int | None) -> tuple[list[Option], list[Option]]:
    """The list's options and the pinned one (0 or 1), each with its number as its id."""
    rows: list[Option] = []
    pin: list[Option] = []
    for i, label in enumerate(labels, 1):
        (pin if pinned == i - 1 else rows).append(Option(numbered(i, label), id=str(i)))
    return rows, pin
