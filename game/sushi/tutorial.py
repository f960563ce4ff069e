"""The coach's texts of the Sushi Draft tutorial (``game/sushi/tutorial.json``) and its tables: text key ->
English, marked for the catalogs (``N_``; :meth:`game.tutorial.Tutorial.text` translates at use).
Named placeholders: ``{event}`` (the game log's last sentence)."""

from collections.abc import Iterable
from typing import Any, Callable

from game.core import Event
from game.i18n import N_
from game.tutorial import Evidence

TEXTS = {
    "sushi.welcome": N_(
        "Welcome to Sushi Draft! You play against Aoi and Kenji over three rounds. Rounds 1 and 2 "
        "are already played: the coach guides you through round 3. Each round you eat five sushi; "
        "eating the most of a type wins chips."),
    "sushi.chips": N_(
        "You won two chips in rounds 1 and 2: dessert and cucumber, worth 3 points. Chip values are "
        "secret: you see your own, but Aoi's and Kenji's three chips each stay face down until the "
        "game ends. Nobody knows who leads!"),
    "sushi.eat": N_(
        "Everyone eats at the same time, each picking one card in secret. Aoi and Kenji have already "
        "put theirs face down. Drag the tuna from your hand onto your plate (or click it, then the "
        "plate)."),
    "sushi.eat.why": N_(
        "Start with the tuna: it lets you use your wild later, because a wild can only copy a type "
        "you have already eaten this round."),
    "sushi.keep": N_(
        "The eaten cards were revealed together: you ate tuna, Aoi and Kenji salmon. Now everyone "
        "keeps one card and passes the rest to the left. Drag the wild onto the keep mat: your other "
        "four cards go to Aoi."),
    "sushi.keep.why": N_("Keep the wild: you can eat it as a tuna on your next turn."),
    "sushi.wild": N_(
        "Kenji passed you his leftovers, and your wild stayed with you. A wild counts as a type you "
        "already ate this round. You ate tuna, so drag the wild onto your tuna stack (or click it) "
        "to eat it as a second tuna."),
    "sushi.wild.why": N_(
        "Eat the wild now. It can only copy tuna: that is the one type you have eaten this round, "
        "so salmon or shrimp are out for it."),
    "sushi.majority": N_(
        "Revealed: your wild as tuna, Aoi shrimp, Kenji cucumber. After each round, whoever ate the "
        "most of a type wins that pile's top chip: with 2 tuna you lead tuna. Now keep a salmon: "
        "drag it onto the keep mat."),
    "sushi.majority.why": N_("Keep a salmon: the coach has a plan for it on your next turn."),
    "sushi.tie": N_(
        "Aoi and Kenji have each eaten a salmon. Tied players cancel out: the chip goes to the first "
        "group of exactly one player, even with fewer cards. Eat your salmon: if they tie again, "
        "you win it with just one!"),
    "sushi.tie.why": N_("Eat the salmon: it wins you the salmon chip if Aoi and Kenji stay tied."),
    "sushi.tie.tuna": N_(
        "Your two tuna already lead, and a third would win nothing more. The salmon is your chance "
        "at a second chip."),
    "sushi.dessert": N_(
        "Aoi and Kenji now have 2 salmon each: a tie! Dessert has a chip too, for whoever ate the "
        "most different types this round (a wild adds no type). You have tuna and salmon. Keep the "
        "cucumber for a third type."),
    "sushi.dessert.why": N_(
        "A shrimp would be a new type as well, but Aoi already ate one. Keep the cucumber for this "
        "lesson."),
    "sushi.shrink": N_(
        "Hands shrink by one each turn: 6, 5, 4, and now 3 cards. Eat the cucumber you kept: your "
        "third type for dessert."),
    "sushi.shrink.why": N_("Eat the cucumber you kept. The mackerel's turn comes next."),
    "sushi.keep_last": N_(
        "Nobody has eaten a mackerel this round. Keep the mackerel: it would be your fourth type for "
        "dessert, and alone it wins the mackerel chip."),
    "sushi.keep_last.why": N_(
        "Aoi already has 2 shrimp, so a shrimp would win you no chip. The mackerel can."),
    "sushi.forced": N_(
        "Last meal! With 2 cards in hand the keep is forced: the last card is thrown away. Eat the "
        "mackerel; your salmon is discarded, then round 3 is scored."),
    "sushi.forced.why": N_(
        "A second salmon would tie you with Aoi and Kenji on 2: no one would be alone, so nobody "
        "would get the salmon chip. Eat the mackerel."),
    "sushi.scoring": N_(
        "Salmon: Aoi and Kenji tied on 2 and cancelled out, so the chip went to you, alone with 1. "
        "Dessert: your 4 types beat their 3. You also won tuna and mackerel. Aoi took shrimp, Kenji "
        "cucumber."),
    "sushi.end": N_(
        "After three rounds every chip is turned face up and the highest total wins: you 15, Aoi 14, "
        "Kenji 13. You win by one point, thanks to that salmon tie! You now know every rule of "
        "Sushi Draft."),
}


#: The rules this tutorial must show at least once (issue 11).
REQUIRED_RULES: tuple[str, ...] = ("eat", "reveal", "keep", "pass", "wild", "majority-tie", "dessert",
                                  "secret-chips", "forced-keep", "end")


def _kinds(events: Iterable[Event]) -> set[str]:
    return {e.kind for e in events}


def _sushi_award(pred: Callable[[Any], bool]) -> Evidence:
    return lambda events, step, human: any(e.kind == "sushi.award" and pred(e) for e in events)


#: Per rule tag: what the events of the step (its action, the replies and the forced actions after
#: it) must show for the step to count as showing that rule.
EVIDENCE: dict[str, Evidence] = {
    "eat": lambda ev, st, h: any(e.kind == "sushi.reveal" for e in ev),
    "reveal": lambda ev, st, h: any(e.kind == "sushi.reveal" for e in ev),
    "keep": lambda ev, st, h: any(e.kind == "sushi.keep" and e.seat == h for e in ev),
    "pass": lambda ev, st, h: any(e.kind == "sushi.pass" for e in ev),
    "wild": lambda ev, st, h: st.do is not None and st.do.startswith("wild="),
    "majority-tie": _sushi_award(lambda e: e.pile != "dessert" and bool(e.award.skipped) and e.award.seat is not None),
    "dessert": _sushi_award(lambda e: e.pile == "dessert" and e.award.seat is not None),
    "secret-chips": _sushi_award(lambda e: e.award.seat is not None),
    "forced-keep": lambda ev, st, h: any(e.kind == "sushi.discard" for e in ev),
    "end": lambda ev, st, h: "sushi.end" in _kinds(ev),
}


def forced_round(state: Any) -> list[tuple[int, str]]:
    """The actions a play scene applies without asking anyone: Sushi Draft's last keep of a round
    (hand size 2: every seat's keep is forced, RULES.md §2) for every seat to act. Empty otherwise."""
    if state.is_over():
        return []
    todo = list(state.to_act())
    forced = []
    for seat in todo:
        legal = state.legal_actions(seat)
        view = state.view(seat)
        if getattr(view, "phase", None) != "keep" or len(legal) != 1 or getattr(view, "step", None) != 4:
            return []
        forced.append((seat, legal[0]))
    return forced
