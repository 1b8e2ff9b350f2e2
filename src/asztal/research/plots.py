"""PNG charts of results rows (matplotlib, Agg: no display needed).

``write_plots(rows, folder, lang)`` draws, for each (game, players) group: scores by seat
and by bot, win rate by seat with 95% Wilson intervals and game length; then per game the
charts of its own statistics, one series per set of bots: PAX Rome's win rate by player
count and Rome's strength per category, Caboose VP by source and win rate by place from
the first player, PocketCiv survival by era and how games end. Returns the paths written.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from asztal.research.report import groups
from asztal.sim import stats

if TYPE_CHECKING:
    from matplotlib.axes import Axes

_T = {
    "seat": ("hely", "seat"), "bot": ("robot", "bot"), "score": ("pontszám", "score"),
    "win_rate": ("győzelmi arány (95% KI)", "win rate (95% CI)"), "games": ("játszmák", "games"),
    "decisions": ("döntések játszmánként", "decisions per game"), "players": ("játékosok", "players"),
    "scores_by_seat": ("Pontszám helyenként", "Score by seat"),
    "scores_by_bot": ("Pontszám robotonként", "Score by bot"),
    "win_by_seat": ("Győzelmi arány helyenként", "Win rate by seat"),
    "length": ("Játszmahossz", "Game length"),
    "rome_win": ("Róma győzelmi aránya játékosszám szerint", "Rome's win rate by player count"),
    "rome_strength": ("Róma ereje kategóriánként a végén", "Rome's strength per category at the end"),
    "strength": ("szimbólumok", "symbols"),
    "vp_source": ("Győzelmi pont forrásonként (átlag)", "Victory points by source (mean)"),
    "vp": ("győzelmi pont", "victory points"),
    "first": ("Győzelmi arány a kezdőjátékostól számított hely szerint",
              "Win rate by place from the first player"),
    "place": ("hely a kezdőtől (0: kezdő)", "place after the first player (0: first)"),
    "survival": ("Túlélés korszakonként", "Survival by era"),
    "reached": ("elért korszak aránya", "share of games reaching the era"), "era": ("korszak", "era"),
    "ending": ("A játszmák vége", "How games end"), "share": ("arány", "share"),
}

_CATEGORIES = ("wealth", "fleet", "army", "religion", "senator", "estate", "conspiracy")
_SOURCES = ("cities", "buildings", "fruit", "deliveries", "railway", "pyramids", "money")


def _t(key: str, lang: str) -> str:
    hu, en = _T[key]
    return en if lang == "en" else hu


def _share(r: dict[str, Any], seat: int) -> float:
    return 1.0 / len(r["winners"]) if seat in r["winners"] else 0.0


def _rate_bars(ax: Axes, labels: Sequence[str], wins: Sequence[float], ns: Sequence[int]) -> None:
    """Bars of win rates with their 95% Wilson intervals as error bars."""
    rates = [w / n if n else 0.0 for w, n in zip(wins, ns, strict=True)]
    cis = [stats.wilson(w, n) for w, n in zip(wins, ns, strict=True)]
    err = [[max(0.0, r - lo) for r, (lo, _) in zip(rates, cis, strict=True)],
           [max(0.0, hi - r) for r, (_, hi) in zip(rates, cis, strict=True)]]
    ax.bar(labels, rates, yerr=err, capsize=4, color="#4c72b0")
    ax.set_ylim(0, 1)


class _Charts:
    """Writes figures into one folder and remembers what it wrote."""

    def __init__(self, folder: Path, lang: str) -> None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        self.plt = plt
        self.folder = folder
        self.lang = lang
        self.written: list[Path] = []
        folder.mkdir(parents=True, exist_ok=True)

    def figure(self, name: str, title: str, draw: Callable[[Any], None], wide: bool = False) -> None:
        fig, ax = self.plt.subplots(figsize=(9 if wide else 6.4, 4.2), dpi=100)
        draw(ax)
        ax.set_title(title)
        fig.tight_layout()
        path = self.folder / f"{name}.png"
        fig.savefig(path)
        self.plt.close(fig)
        self.written.append(path)


def _group_charts(c: _Charts, game: str, players: int, rows: list[dict[str, Any]]) -> None:
    lang, prefix = c.lang, f"{game}-{players}p"
    seats = [f"{s + 1}" for s in range(players)]

    def by_seat(ax: Axes) -> None:
        ax.boxplot([[r["scores"][s] for r in rows] for s in range(players)], tick_labels=seats)
        ax.set_xlabel(_t("seat", lang)), ax.set_ylabel(_t("score", lang))

    def by_bot(ax: Axes) -> None:
        bots = sorted({b for r in rows for b in r["bots"]})
        data = [[r["scores"][s] for r in rows for s, b in enumerate(r["bots"]) if b == bot] for bot in bots]
        ax.boxplot(data, tick_labels=bots)
        ax.set_xlabel(_t("bot", lang)), ax.set_ylabel(_t("score", lang))

    def wins(ax: Axes) -> None:
        _rate_bars(ax, seats, [sum(_share(r, s) for r in rows) for s in range(players)], [len(rows)] * players)
        ax.set_xlabel(_t("seat", lang)), ax.set_ylabel(_t("win_rate", lang))

    def length(ax: Axes) -> None:
        ax.hist([sum(r["decisions"]) for r in rows], bins=30, color="#55a868")
        ax.set_xlabel(_t("decisions", lang)), ax.set_ylabel(_t("games", lang))

    suffix = f" ({game}, {players} {_t('players', lang)}, n={len(rows)})"
    c.figure(f"{prefix}-scores-by-seat", _t("scores_by_seat", lang) + suffix, by_seat)
    c.figure(f"{prefix}-scores-by-bot", _t("scores_by_bot", lang) + suffix, by_bot)
    c.figure(f"{prefix}-win-rate-by-seat", _t("win_by_seat", lang) + suffix, wins)
    c.figure(f"{prefix}-length", _t("length", lang) + suffix, length)


def _bot_label(r: dict[str, Any]) -> str:
    """The bots of a row, as a series name: ``greedy`` when every seat is greedy."""
    return "+".join(sorted(set(r["bots"])))


def _series(rows: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        out.setdefault(_bot_label(r), []).append(r)
    return dict(sorted(out.items()))


def _grouped_rate_bars(ax: Axes, groups: list[str], series: dict[str, list[tuple[float, int]]]) -> None:
    """Bars of rates with 95% Wilson intervals, one bar per series within each group."""
    width = 0.8 / max(1, len(series))
    for k, (label, cells) in enumerate(series.items()):
        xs, rates, lo_err, hi_err = [], [], [], []
        for i, (wins, n) in enumerate(cells):
            if n == 0:
                continue
            lo, hi = stats.wilson(wins, n)
            r = wins / n
            xs.append(i + k * width)
            rates.append(r)
            lo_err.append(max(0.0, r - lo))
            hi_err.append(max(0.0, hi - r))
        ax.bar(xs, rates, width, yerr=[lo_err, hi_err], capsize=3, label=label)
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(groups))], groups)
    ax.set_ylim(0, 1.05)
    ax.legend(fontsize=8)


def _pax_charts(c: _Charts, rows: list[dict[str, Any]]) -> None:
    lang = c.lang
    counts = sorted({r["players"] for r in rows if r["players"] > 1})
    if counts:
        def rome(ax: Axes) -> None:
            series = {}
            for label, rs in _series([r for r in rows if r["players"] > 1]).items():
                series[f"{label}"] = [(sum(r["rome_won"] for r in rs if r["players"] == p),
                                       sum(1 for r in rs if r["players"] == p)) for p in counts]
            _grouped_rate_bars(ax, [str(p) for p in counts], series)
            ax.set_xlabel(_t("players", lang)), ax.set_ylabel(_t("win_rate", lang))
        c.figure("pax-rome-win-rate-by-players", _t("rome_win", lang), rome)

    def strength(ax: Axes) -> None:
        series = _series(rows)
        width = 0.8 / len(series)
        for k, (label, rs) in enumerate(series.items()):
            means = [sum(r[f"rome_{cat}"] for r in rs) / len(rs) for cat in _CATEGORIES]
            ax.bar([i + k * width for i in range(len(_CATEGORIES))], means, width, label=f"{label} (n={len(rs)})")
        ax.set_xticks([i + 0.4 - width / 2 for i in range(len(_CATEGORIES))], _CATEGORIES, rotation=20)
        ax.set_ylabel(_t("strength", lang)), ax.legend(fontsize=8)
    c.figure("pax-rome-strength", _t("rome_strength", lang), strength, wide=True)


def _caboose_charts(c: _Charts, rows: list[dict[str, Any]]) -> None:
    lang = c.lang
    for p in sorted({r["players"] for r in rows}):
        for label, rs in _series([r for r in rows if r["players"] == p]).items():
            tag = f"{p} {_t('players', lang)}, {label}, n={len(rs)}"

            def sources(ax: Axes, rs: list[dict[str, Any]] = rs, p: int = p) -> None:
                bottom = [0.0] * p
                for src in _SOURCES:
                    means = [sum(r[f"vp_{src}"][s] for r in rs) / len(rs) for s in range(p)]
                    ax.bar([str(s + 1) for s in range(p)], means, bottom=bottom, label=src)
                    bottom = [b + m for b, m in zip(bottom, means, strict=True)]
                ax.set_xlabel(_t("seat", lang)), ax.set_ylabel(_t("vp", lang)), ax.legend(fontsize=8)
            c.figure(f"caboose-{p}p-{label}-vp-by-source", f"{_t('vp_source', lang)} ({tag})", sources)

            def first(ax: Axes, rs: list[dict[str, Any]] = rs, p: int = p) -> None:
                wins = [sum(_share(r, (r["first_player"] + k) % p) for r in rs) for k in range(p)]
                _rate_bars(ax, [str(k) for k in range(p)], wins, [len(rs)] * p)
                ax.set_xlabel(_t("place", lang)), ax.set_ylabel(_t("win_rate", lang))
            c.figure(f"caboose-{p}p-{label}-first-player", f"{_t('first', lang)} ({tag})", first)


def _pocketciv_charts(c: _Charts, rows: list[dict[str, Any]]) -> None:
    lang = c.lang
    series = _series(rows)

    def survival(ax: Axes) -> None:
        for label, mine in series.items():
            reached = [sum(1 for r in mine if r["era"] >= e) / len(mine) for e in range(1, 9)]
            ax.plot(range(1, 9), reached, marker="o", label=f"{label} (n={len(mine)})")
        ax.set_xlabel(_t("era", lang)), ax.set_ylabel(_t("reached", lang)), ax.set_ylim(0, 1.05), ax.legend()
    c.figure("pocketciv-survival-by-era", _t("survival", lang), survival)

    def endings(ax: Axes) -> None:
        kinds = sorted({r["ending"] for r in rows})
        width = 0.8 / len(series)
        for k, (label, mine) in enumerate(series.items()):
            ax.bar([i + k * width for i in range(len(kinds))],
                   [sum(1 for r in mine if r["ending"] == e) / len(mine) for e in kinds], width, label=label)
        ax.set_xticks([i + 0.4 - width / 2 for i in range(len(kinds))], kinds)
        ax.set_ylabel(_t("share", lang)), ax.legend()
    c.figure("pocketciv-endings", _t("ending", lang), endings)


_GAME_CHARTS = {"pax": _pax_charts, "caboose": _caboose_charts, "pocketciv": _pocketciv_charts}


def write_plots(rows: Sequence[dict[str, Any]], folder: Path, lang: str = "hu") -> list[Path]:
    """Draw every chart of the rows into ``folder`` (created); returns the PNG paths."""
    c = _Charts(Path(folder), lang)
    per_game: dict[str, list[dict[str, Any]]] = {}
    for (game, players), rs in groups(rows).items():
        _group_charts(c, game, players, rs)
        per_game.setdefault(game, []).extend(rs)
    for game, rs in per_game.items():
        if game in _GAME_CHARTS:
            _GAME_CHARTS[game](c, rs)
    return c.written
