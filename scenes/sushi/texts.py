"""The words of the Sushi Draft scene: the instruction banner and a seat panel's status.

Pure functions of the scene's state (what is shown, the UI state, the seat shown's view); they
never change anything.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.sushi import EAT, KEEP, WILD
from scenes.sushi.art import CARD_SHORT

#: How long a message stays in the banner (ms, real time).
TOAST_MS = 2600.0

if TYPE_CHECKING:
    from scenes.sushi.scene import SushiPlayScene


#: The hint's sentence by the kind of choice (whole sentences with named placeholders).
HINT_TEMPLATES = {
    "eat": "Hint: eat the {card}.",
    "wild": "Hint: eat the wild as {card}.",
    "keep": "Hint: keep the {card}.",
}


def hint_text(action: str, phase: str) -> str:
    """The hard AI's suggested ``action`` (RULES.md §2 notation) in ``phase`` (EAT / KEEP) as one
    sentence of :data:`HINT_TEMPLATES`."""
    card, _, copies = action.partition("=")
    if copies:
        return HINT_TEMPLATES["wild"].format(card=CARD_SHORT.get(copies, copies).lower())
    key = "keep" if phase == KEEP else "eat"
    return HINT_TEMPLATES[key].format(card=CARD_SHORT.get(card, card).lower())


#: The replay viewer's banner by phase (nobody is awaited there).
REVIEW_BANNER = {EAT: "Eat: everyone chooses a card", KEEP: "Keep: everyone keeps one card"}


def banner_text(sc: SushiPlayScene) -> str:
    """The instruction banner's text ("" for none): who to pass the screen to, the scoring, the
    running animation's label, what the human at the bottom should do, or who is awaited."""
    if sc._privacy_for is not None or (sc.viewer is None and sc.match.hot_seat):
        who = sc._privacy_for if sc._privacy_for is not None else sc.bottom
        return f"Pass the screen to {sc.names[who]}"
    panel = sc.scoring
    if panel is not None:
        if panel.final and panel.done:
            out = sc.match.outcome()
            if out and len(out.winners) == 1:
                w = out.winners[0]
                return "You win!" if sc.names[w] == "You" else f"{sc.names[w]} wins!"
            return "A shared win!"
        return f"Round {panel.round + 1} scoring" + (" — well eaten!" if panel.done else "")
    running = sc.timeline.running
    if running and sc.anim_label:
        return sc.anim_label
    if sc.match.is_over():
        return "Game over"
    seat = sc.human_to_act()
    prefix = f"{sc.names[seat]}: " if seat is not None and len(sc.humans) > 1 else ""
    if seat is not None:
        v = sc.match.view(seat)
        sel = sc.input.card_of(sc.drag.selected) if sc.drag.selected is not None else None
        if v.phase == EAT:
            if sel == WILD:
                return prefix + "Click the stack the wild copies"
            if sel is not None:
                return prefix + f"Click your plate to eat the {CARD_SHORT[sel].lower()}"
            return prefix + "Eat: drag a card onto your plate"
        left = sc.names[(seat + 1) % len(sc.seats)]
        return prefix + f"Keep: drag one card to the keep mat — the rest go to {left}"
    if running:
        return ""
    if sc.review:  # the replay viewer: nobody is awaited, the record says what comes next
        return REVIEW_BANNER.get(sc.shown.phase, "")
    waiting = [sc.names[s] for s in sc.match.view(sc.bottom).to_act]
    if not waiting:
        return ""
    if len(waiting) == 1:
        return f"Waiting for {waiting[0]}…"
    return f"Waiting for {', '.join(waiting[:-1])} and {waiting[-1]}…"


def seat_status(sc: SushiPlayScene, seat: int) -> str:
    """``"chosen"`` / ``"thinking"`` / ``"choosing"`` / ``""`` for ``seat``'s panel."""
    sh = sc.shown
    if sc.scoring is not None or sh.over or sh.phase not in (EAT, KEEP):
        return ""
    if sh.seats[seat].chosen:
        return "chosen"
    if sc.timeline.running:
        return ""
    if seat in sc.match.view(sc.bottom).to_act:
        return "" if sc.review else "choosing" if sc.seats[seat] == "human" else "thinking"
    return ""


__all__ = ["banner_text", "seat_status"]
