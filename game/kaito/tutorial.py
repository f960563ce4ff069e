"""The coach's texts of the KAITO tutorial (``game/kaito/tutorial.json``) and its tables: text key -> English,
marked for the catalogs (``N_``; :meth:`game.tutorial.Tutorial.text` translates at use).
Named placeholders: ``{event}`` (the game log's last sentence)."""

from collections.abc import Iterable, Sequence

from game.core import Event
from game.i18n import N_
from game.tutorial import Evidence, Step

TEXTS = {
    "kaito.welcome": N_(
        "Welcome to KAITO! You play Red, the coach plays Black. Both of you move the same pawn, the "
        "Kaito, and capture the tile it lands on. Lose every katana (sword) or every kabuto (helmet) "
        "on the board and you lose the game."),
    "kaito.place": N_(
        "Black moves first, so you open the game: the two blank tiles leave the board and you put "
        "the Kaito on one of their squares. Drag the Kaito (or click) to d6."),
    "kaito.place.other": N_("Both blank squares are allowed, but for this lesson use d6, the one that pulses."),
    "kaito.first_capture": N_(
        "Black moved to c6 and captured one of your katana: Black now holds it. Your turn. The Kaito "
        "moves along its row or column, as far as you like, over tiles and gaps, and captures where "
        "it lands. Capture Black's 3 Mon on c1."),
    "kaito.first_capture.why": N_(
        "That move is legal, but this lesson wants c1: a capture of Black's 3 Mon, jumping over the "
        "tiles in between."),
    "kaito.exchange": N_(
        "Black took your 1 Mon. Once per turn you may pay back opponent Mon worth 4 points to retrieve "
        "one of your katana (5 for a kabuto). Capture Black's 1 Mon on a1, then pay the 3 and the 1 "
        "to take back your katana."),
    "kaito.exchange.skip": N_("Not yet: pay with Black's 3 and 1 to take back your katana before you end the turn."),
    "kaito.exchange.why": N_("Capture on a1 first: that gives you Mon worth 4, the price of a katana."),
    "kaito.exchange_after": N_(
        "Your katana is back on the board, under the Kaito on a1, and stays there when the Kaito leaves. "
        "The paid Mon leave the game, and the payment must be minimal: 3 + 1 is fine, 3 + 2 + 1 would not "
        "be. Then Black captured its own 2 Mon on a6."),
    "kaito.own": N_(
        "You may capture your own tiles too: they leave the game. That can free the way or keep a tile "
        "from Black. Move over the gaps to f6 and capture your own 2 Mon."),
    "kaito.own.why": N_("This time capture your own 2 Mon on f6: the Kaito flies over the empty squares."),
    "kaito.kabuto": N_(
        "Here is what matters most: a colour with no katana or no kabuto left on the board loses at "
        "once, whoever captured it. Black has three kabuto. Capture the one on b1."),
    "kaito.kabuto.why": N_("Go for Black's kabuto on b1: kabuto are Black's weak spot."),
    "kaito.last": N_(
        "Black took your 3 Mon. Capture Black's kabuto on e5: then Black has only one kabuto left, and "
        "the game log will warn about it."),
    "kaito.last.why": N_("Capture Black's kabuto on e5: after it Black has only one left."),
    "kaito.warning": N_(
        "The game log warns when a colour is down to its last katana or kabuto: in red when it is "
        "yours, in green when it is your chance. Black moved to e2, and the log says: “{event}”"),
    "kaito.win": N_("Capture Black's last kabuto on a2 to win the game!"),
    "kaito.win.why": N_("Black's last kabuto lies on a2: capture it and the game is yours."),
    "kaito.end": N_(
        "You won! One more rule: a player with no tile in the Kaito's row or column at the start of "
        "their turn loses too. You now know every rule of KAITO."),
}


#: The rules this tutorial must show at least once (issue 11).
REQUIRED_RULES: tuple[str, ...] = ("place", "over-tiles", "over-gaps", "capture-opponent", "capture-own", "last-tile",
                                  "exchange", "win")


def _kinds(events: Iterable[Event]) -> set[str]:
    return {e.kind for e in events}


def _kaito_capture(own: bool) -> Evidence:
    def check(events: Sequence[Event], step: Step, human: int) -> bool:
        return any(e.kind == "kaito.capture" and e.seat == human and (getattr(e, "owner") == human) == own
                   for e in events)
    return check


def _kaito_over(tiles: bool) -> Evidence:
    def check(events: Sequence[Event], step: Step, human: int) -> bool:
        for e in events:
            if e.kind == "kaito.move" and e.seat == human:
                passed = getattr(e, "passed")
                if (any(c for c in passed) if tiles else any(c is None for c in passed)):
                    return True
        return False
    return check


#: Per rule tag: what the events of the step (its action, the replies and the forced actions after
#: it) must show for the step to count as showing that rule.
EVIDENCE: dict[str, Evidence] = {
    "place": lambda ev, st, h: any(e.kind == "kaito.place" and e.seat == h for e in ev),
    "over-tiles": _kaito_over(True),
    "over-gaps": _kaito_over(False),
    "capture-opponent": _kaito_capture(False),
    "capture-own": _kaito_capture(True),
    "last-tile": lambda ev, st, h: "kaito.last_tile" in _kinds(ev),
    "exchange": lambda ev, st, h: any(e.kind == "kaito.exchange" and e.seat == h for e in ev),
    "win": lambda ev, st, h: any(e.kind == "kaito.end" and h in getattr(e, "winners", ()) for e in ev),
}
