"""Template tags for the arena pages: dice faces, the Crowd Favor chart and outcome bars.

The tags draw what they are given (a roll as the engine logged it, a list of Crowd Favor
values, a list of outcome shares); they compute no rule.
"""

from django import template

from arena import svg

register = template.Library()

# How each face symbol is drawn, with the words a screen reader (and a tooltip) gives it.
GLYPHS = {
    "S": ("✔", "Success"),
    "SS": ("✔✔", "two Successes"),
    "F": ("✘", "Failure"),
    "FF": ("✘✘", "two Failures"),
    "Bo": ("▲", "Boon"),
    "Bn": ("▼", "Bane"),
    "Breakthrough": ("✸", "Breakthrough"),
    "Calamity": ("☠", "Calamity"),
}
SIDES = {"Mastery": 12, "Ability": 8, "Boon": 6, "Crisis": 12, "Trial": 8, "Bane": 6}
POSITIVE = {"Mastery", "Ability", "Boon"}


def face_glyphs(face: str) -> tuple[str, str]:
    """('✔▲', 'Success, Boon') for 'S Bo'; a blank face is '·'."""
    words = [w for w in str(face).split() if w != "–"]
    if not words:
        return "·", "blank"
    glyphs = [GLYPHS.get(w, (w, w)) for w in words]
    return "".join(g for g, _ in glyphs), ", ".join(n for _, n in glyphs)


@register.inclusion_tag("arena/partials/dice.html")
def dice(roll, caption: str = "", show_sum: bool = True):
    """The dice of one logged roll (`{"pool", "dice": [{"die", "face"}], ...}`) as faces;
    `show_sum=False` leaves out the net result (when the text beside it already says it)."""
    roll = roll or {}
    faces = []
    for rolled in roll.get("dice", []):
        die = rolled.get("die", "")
        glyph, words = face_glyphs(rolled.get("face", "–"))
        faces.append(
            {
                "die": die,
                "css": die.lower(),
                "sides": SIDES.get(die),
                "glyph": glyph,
                "words": words,
                "positive": die in POSITIVE,
            }
        )
    net_s, net_b = roll.get("net_successes", 0), roll.get("net_boons", 0)
    return {
        "roll": roll,
        "faces": faces,
        "caption": caption,
        "show_sum": show_sum,
        "successes": max(net_s, 0),
        "failures": max(-net_s, 0),
        "boons": max(net_b, 0),
        "banes": max(-net_b, 0),
    }


@register.simple_tag
def favor_chart(series_list, title: str = "Crowd Favor by round"):
    """`series_list`: [(label, [favor at start, after round 1, ...], tone), ...]."""
    series = [svg.Series(label=s[0], values=list(s[1]), tone=s[2]) for s in series_list or []]
    return svg.favor_chart(series, title=title)


@register.simple_tag
def live_odds_chart(points, name_a: str, name_b: str, title: str = "Live odds by round"):
    """`points`: the bout's LivePoints (arena.selectors.pages.live_line), as chances in 100."""
    rows = list(points or [])
    series = [
        svg.Series(f"{name_a} wins", [100 * p.win_a for p in rows], "a"),
        svg.Series(f"{name_b} wins", [100 * p.win_b for p in rows], "b"),
        svg.Series(f"{name_a} walks out", [100 * p.walk_out_a for p in rows], "a", dashed=True),
        svg.Series(f"{name_b} walks out", [100 * p.walk_out_b for p in rows], "b", dashed=True),
    ]
    return svg.chance_chart(series, title=title)


@register.simple_tag
def evaluation_bar(point, name_a: str, name_b: str):
    """The bar of one LivePoint: side a's chance to win against the rest."""
    return svg.evaluation_bar(point.win_a, name_a, name_b)


@register.simple_tag
def outcome_chart(bars, title: str = "Outcomes"):
    """`bars`: [(label, share 0..1, note, tone), ...]."""
    return svg.outcome_bars([svg.Bar(*b) for b in bars or []], title=title)


@register.simple_tag
def money_chart(money_lines, title: str = "Money by day"):
    """`money_lines`: economy.selectors.history.MoneyLine rows of one kind of account."""
    rows = list(money_lines or [])
    days = rows[0].days if rows else ()
    lines = [svg.Line(label=str(row.account), values=row.balances) for row in rows]
    return svg.money_chart(lines, days, title=title)


@register.simple_tag
def leaders_chart(board, title: str = "Leaders"):
    """`board`: [(standing, figure), ...] (arena.selectors.public.leaders)."""
    rows = [(standing.gladiator.name, figure) for standing, figure in board or []]
    return svg.count_bars(rows, title=title)
