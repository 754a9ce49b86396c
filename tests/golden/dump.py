"""What a held demo leaves in the campaign, read through fields every version of the schema has
(so the same dump runs on the code before a re-layering and after it)."""

from django.apps import apps
from django.core.management import call_command


def _model(label: str):
    return apps.get_model(*label.split("."))


def campaign_dump(shows_output: list[str]) -> dict:
    Transaction = _model("economy.Transaction")
    Gladiator = _model("ludus.Gladiator")
    Injury = _model("ludus.Injury")
    Bout = _model("arena.Bout")
    Verdict = _model("arena.Verdict")
    DignitasChange = _model("ludus.DignitasChange")
    return {
        "play_show": shows_output,
        "ledger": [
            {
                "cause": t.cause,
                "memo": t.memo,
                "day": t.day,
                "key": t.idempotency_key,
                "entries": sorted((e.account.name, e.amount) for e in t.entries.all()),
            }
            for t in Transaction.objects.order_by("pk")
        ],
        "men": {
            g.name: {"status": g.status, "wounds": g.wounds, "legal_status": g.legal_status}
            for g in Gladiator.objects.order_by("pk")
        },
        "injuries": [
            [i.gladiator.name, i.name, i.severity, i.table_roll, i.day_taken]
            for i in Injury.objects.order_by("pk")
        ],
        "bouts": [
            {
                "pair": [b.entry_a.gladiator.name, b.entry_b.gladiator.name],
                "status": b.status,
                "seed": b.seed,
                "rounds": b.rounds,
                "winner": b.winner.name if b.winner else None,
                "end_reason": b.end_reason,
                "favors": [b.entry_a.standing, b.entry_b.standing],
                "log": b.log,
                "decisions": b.decisions,
            }
            for b in Bout.objects.order_by("pk")
        ],
        "verdicts": [
            [v.crowd_call, v.editor_act, v.appeal_success, v.loser_died, v.dignitas_change]
            for v in Verdict.objects.order_by("pk")
        ],
        "dignitas": [
            [c.editor.name, c.change, c.reason] for c in DignitasChange.objects.order_by("pk")
        ],
    }


def play_demo(seed: int, stdout) -> dict:
    """Load the demo, hold every planned show in turn with `seed`, and dump the campaign."""
    call_command("load_demo", stdout=stdout)
    Show = _model("arena.Show")
    outputs = []
    for show in Show.objects.order_by("pk"):
        stdout.seek(0)
        stdout.truncate()
        try:
            call_command("play_show", show=show.pk, seed=seed, stdout=stdout)
        except Exception as error:  # a show the rules refuse to hold: its message is golden too
            outputs.append(f"refused: {error}")
            continue
        outputs.append(stdout.getvalue())
    return campaign_dump(outputs)
