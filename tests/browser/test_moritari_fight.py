"""Moritari in the browser (issue 13): the GM puts a three-man fight and a beast fight on the
card; Caesar's player chooses on his own screen while another player sees him choosing and then
what he chose; the board is drawn and replayed move by move. Screenshots of the board."""

import pytest

from arena.models import Bout
from arena.rulesets.moritari import adapter as moritari
from tests.browser.conftest import log_in
from tests.cast import make_campaign

pytestmark = pytest.mark.django_db(transaction=True)


def first_asker(setup, seed: int) -> str | None:
    result = moritari.engine.play(setup, seed)
    if result.pending is None:
        return None
    return setup.fighters[result.pending.entrant].side


def tab_for(browser, live_server, username):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(15_000)
    tab.base_url = live_server.url
    log_in(tab, username)
    return tab


def test_a_three_man_fight_with_caesar_choosing_and_a_beast_fight(
    browser, live_server, page, screenshot
):
    cast = make_campaign(ruleset="moritari")
    base = f"{page.base_url}/c/{cast.campaign.pk}/arena"
    log_in(page, "gm")

    # The GM puts the three-man fight on the card, Caesar choosing in person.
    page.goto(f"{base}/shows/{cast.show.pk}/")
    page.select_option("select[name=man_1]", label=str(cast.bithys))
    page.select_option("select[name=man_2]", label=str(cast.spartacus))
    page.select_option("select[name=man_3]", label=str(cast.verus))
    page.uncheck("#fight-add-form input[name=hire]")
    page.click("#fight-add-form button[type=submit]")
    page.wait_for_selector("text=Skirmish of 3")
    bout = cast.show.bouts.get()

    # And a beast fight: Crixus against a lion and a bear (on the card before the first fight
    # is fought: the show is held once its last fight is done).
    page.goto(f"{base}/shows/{cast.show.pk}/")
    page.select_option("select[name=man_1]", label=str(cast.crixus))
    page.select_option("select[name=beast_1]", "lion")
    page.fill("input[name=beast_1_name]", "Leo")
    page.select_option("select[name=beast_2]", "bear")
    page.fill("input[name=beast_2_name]", "Ursa")
    page.uncheck("#fight-add-form input[name=caesar_asks]")
    page.uncheck("#fight-add-form input[name=hire]")
    page.click("#fight-add-form button[type=submit]")
    page.wait_for_selector("text=Leo")
    beasts = cast.show.bouts.order_by("-order").first()

    # A seed at which Nerva (the owner's school) is the first Caesar to be asked.
    setup = moritari.setup_from_data(moritari.setup_data(bout))
    seed = next(s for s in range(1, 500) if first_asker(setup, s) == "Nerva")
    Bout.objects.filter(pk=bout.pk).update(seed=seed)

    page.goto(f"{base}/bouts/{bout.pk}/")
    page.wait_for_selector("svg.moritari-board")
    assert page.locator("svg.moritari-board .piece").count() == 3
    screenshot(page, "planned-board")
    page.click("#fight-controls button[value=end]")
    page.wait_for_selector("#pending-choice")
    assert page.locator("#caesar-choice").count() == 1  # the GM may always answer

    # Another player sees Caesar choosing, not the choice.
    other = tab_for(browser, live_server, "other")
    other.goto(f"{base}/bouts/{bout.pk}/")
    other.wait_for_selector("#caesar-choosing")
    assert "Caesar (Nerva) is choosing" in other.inner_text("#caesar-choosing")
    assert other.locator("#caesar-choice").count() == 0
    screenshot(other, "other-sees-caesar-choosing")

    # Caesar's player chooses on his own screen.
    nerva = tab_for(browser, live_server, "owner")
    nerva.goto(f"{base}/bouts/{bout.pk}/")
    nerva.wait_for_selector("#caesar-choice")
    screenshot(nerva, "caesar-chooses")
    held = len(Bout.objects.get(pk=bout.pk).decisions)
    with nerva.expect_response(lambda response: "/choose/" in response.url):
        nerva.locator("#caesar-choice button").last.click()
    nerva.wait_for_load_state("networkidle")
    bout.refresh_from_db()
    assert len(bout.decisions) == held + 1
    chosen = bout.decisions[held]

    # The other player reads what Caesar chose.
    other.reload()
    other.wait_for_selector("#caesar-log")
    # moritari/2: Caesar orders the moves too (issue 26); each choice has its line's class.
    kind = {"fight_order": "order", "move_order": "move-order"}.get(chosen["kind"], "thumb")
    assert other.locator(f"#caesar-log .caesar-{kind}").count() >= 1
    screenshot(other, "other-reads-what-caesar-chose")

    # The GM fights it out, answering any later Caesar's choice himself.
    page.goto(f"{base}/bouts/{bout.pk}/")
    for _ in range(60):
        bout.refresh_from_db()
        if bout.status == Bout.Status.DONE:
            break
        page.wait_for_selector("#caesar-choice, #fight-controls")
        if page.locator("#caesar-choice").count():
            with page.expect_response(lambda response: "/choose/" in response.url):
                page.locator("#caesar-choice button").first.click()
        else:
            with page.expect_response(lambda response: "/fight/" in response.url):
                page.click("#fight-controls button[value=end]")
        page.wait_for_load_state("networkidle")
    page.goto(f"{base}/bouts/{bout.pk}/")
    page.wait_for_selector("#fight-end")
    assert bout.status == Bout.Status.DONE
    screenshot(page, "three-man-fight-over")

    # The replay, move by move, with htmx.
    page.goto(f"{base}/bouts/{bout.pk}/replay/?step=0")
    page.wait_for_selector("#board-next")
    first_line = page.inner_text("#board-line")
    page.click("#board-next")
    page.wait_for_function(
        f"() => document.querySelector('#board-line').innerText !== {first_line!r}"
    )
    assert "step=" not in page.url or page.url.endswith("step=0")  # swapped in place
    screenshot(page, "replay-step")

    # The beast fight, on the card since before the first fight.
    page.goto(f"{base}/bouts/{beasts.pk}/")
    assert page.locator("svg.moritari-board rect[rx]").count() == 2  # the beasts' bases
    page.click("#fight-controls button[value=end]")
    page.wait_for_selector("#fight-end")
    beasts.refresh_from_db()
    assert beasts.status == Bout.Status.DONE
    screenshot(page, "beast-fight-board")
