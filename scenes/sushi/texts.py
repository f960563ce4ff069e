"""The words of the Sushi Draft scene: the instruction banner and a seat panel's status.

Pure functions of the scene's state (what is shown, the UI state, the seat shown's view); they
never change anything.
"""
from __future__ import annotations

from typing import Any, Protocol

from game.core import is_you, join_list
from game.i18n import N_, _
from game.sushi.rules import EAT, KEEP, WILD
from scenes.play.host import PlayHost

#: How long a message stays in the banner (ms, real time).
TOAST_MS = 2600.0


class TextsScene(PlayHost, Protocol):
    """What the status texts uses of the play scene (:class:`scenes.sushi.scene.SushiPlayScene` is one):
    the attributes it reads and the methods it calls."""

    @property
    def anim_label(self) -> str: ...

    @property
    def bottom(self) -> int: ...

    @property
    def input(self) -> Any: ...

    @property
    def privacy_for(self) -> int | None: ...

    @property
    def scoring(self) -> Any: ...

    @property
    def shown(self) -> Any: ...

    @property
    def viewer(self) -> int | None: ...


#: A card named inside a sentence, with its article ("Hint: eat {card}.").
CARD_THE: dict[str, str] = {
    # Translators: a card named inside a sentence ("Hint: eat the tuna."), article included
    "tuna": N_("the tuna"),
    # Translators: a card named inside a sentence ("Hint: eat the shrimp."), article included
    "shrimp": N_("the shrimp"),
    # Translators: a card named inside a sentence ("Hint: eat the salmon."), article included
    "salmon": N_("the salmon"),
    # Translators: a card named inside a sentence ("Hint: eat the cucumber."), article included
    "cucumber": N_("the cucumber"),
    # Translators: a card named inside a sentence ("Hint: eat the mackerel."), article included
    "mackerel": N_("the mackerel"),
    # Translators: a card named inside a sentence ("Hint: keep the wild."), article included
    WILD: N_("the wild"),
}
#: A sushi type a wild is eaten as, named inside a sentence ("Hint: eat the wild as {card}.").
CARD_AS: dict[str, str] = {
    # Translators: the type a wild card copies, inside "Hint: eat the wild as {card}."
    "tuna": N_("tuna"),
    # Translators: the type a wild card copies, inside "Hint: eat the wild as {card}."
    "shrimp": N_("shrimp"),
    # Translators: the type a wild card copies, inside "Hint: eat the wild as {card}."
    "salmon": N_("salmon"),
    # Translators: the type a wild card copies, inside "Hint: eat the wild as {card}."
    "cucumber": N_("cucumber"),
    # Translators: the type a wild card copies, inside "Hint: eat the wild as {card}."
    "mackerel": N_("mackerel"),
}


def card_the(card: str) -> str:
    """``card`` named inside a sentence, with its article ("the tuna"), in the language in use."""
    phrase = CARD_THE.get(card)
    return _(phrase) if phrase else card


#: The hint's sentence by the kind of choice (whole sentences with named placeholders).
HINT_TEMPLATES = {
    # Translators: {card} is a card with its article, "the tuna"
    "eat": N_("Hint: eat {card}."),
    # Translators: {card} is the type the wild copies, "tuna"
    "wild": N_("Hint: eat the wild as {card}."),
    # Translators: {card} is a card with its article, "the tuna"
    "keep": N_("Hint: keep {card}."),
}


def hint_text(action: str, phase: str) -> str:
    """The hard AI's suggested ``action`` (RULES.md §2 notation) in ``phase`` (EAT / KEEP) as one
    sentence of :data:`HINT_TEMPLATES`."""
    card, _sep, copies = action.partition("=")
    if copies:
        word = CARD_AS.get(copies)
        return _(HINT_TEMPLATES["wild"]).format(card=_(word) if word else copies)
    key = "keep" if phase == KEEP else "eat"
    return _(HINT_TEMPLATES[key]).format(card=card_the(card))


#: The replay viewer's banner by phase (nobody is awaited there).
REVIEW_BANNER = {EAT: N_("Eat: everyone chooses a card"), KEEP: N_("Keep: everyone keeps one card")}


def banner_text(sc: TextsScene) -> str:
    """The instruction banner's text ("" for none): who to pass the screen to, the scoring, the
    running animation's label, what the human at the bottom should do, or who is awaited."""
    if sc.privacy_for is not None or (sc.viewer is None and sc.match.hot_seat):
        who = sc.privacy_for if sc.privacy_for is not None else sc.bottom
        return _("Pass the screen to {name}").format(name=sc.names[who])
    panel = sc.scoring
    if panel is not None:
        if panel.final and panel.done:
            out = sc.match.outcome()
            if out and len(out.winners) == 1:
                w = out.winners[0]
                return _("You win!") if is_you(sc.names[w]) else _("{name} wins!").format(name=sc.names[w])
            return _("A shared win!")
        if panel.done:
            return _("Round {n} scoring — well eaten!").format(n=panel.round + 1)
        return _("Round {n} scoring").format(n=panel.round + 1)
    running = sc.timeline.running
    if running and sc.anim_label:
        return sc.anim_label
    if sc.match.is_over():
        return _("Game over")
    seat = sc.human_to_act()
    if seat is not None:
        text = _instruction(sc, seat)
        if len(sc.humans) > 1:  # hot-seat: say whose turn it is
            # Translators: an instruction addressed to a player by name: "Aiko: Eat: drag a card onto your plate"
            return _("{name}: {instruction}").format(name=sc.names[seat], instruction=text)
        return text
    if running:
        return ""
    if sc.review:  # the replay viewer: nobody is awaited, the record says what comes next
        phrase = REVIEW_BANNER.get(sc.shown.phase)
        return _(phrase) if phrase else ""
    waiting = [sc.names[s] for s in sc.match.view(sc.bottom).to_act]
    if not waiting:
        return ""
    # Translators: {names} is one name or a list of names ("Aiko and Ben")
    return _("Waiting for {names}…").format(names=join_list(waiting))


def _instruction(sc: TextsScene, seat: int) -> str:
    """What the human ``seat`` at the bottom should do now."""
    v = sc.match.view(seat)
    sel = sc.input.card_of(sc.drag.selected) if sc.drag.selected is not None else None
    keys = sc.input.keys_in_use()  # the keyboard in use: the prompts name keys (issue 21 §5)
    if v.phase == EAT:
        if sel == WILD:
            if keys:
                # Translators: the player uses the keyboard
                return _("Choose the stack the wild copies with the arrows and Enter")
            return _("Click the stack the wild copies")
        if sel is not None and keys:
            # Translators: {card} is a card with its article, "the tuna"; the player uses the keyboard
            return _("Press Enter on your plate to eat {card}").format(card=card_the(sel))
        if sel is not None:
            # Translators: {card} is a card with its article, "the tuna"
            return _("Click your plate to eat {card}").format(card=card_the(sel))
        if keys:
            # Translators: the player uses the keyboard
            return _("Eat: press Enter on a card, then on your plate")
        return _("Eat: drag a card onto your plate")
    left = sc.names[(seat + 1) % len(sc.seats)]
    if keys:
        # Translators: the player uses the keyboard; {name} is who gets the rest of the hand
        return _("Keep: press Enter on one card, then on the keep mat — the rest go to {name}").format(name=left)
    return _("Keep: drag one card to the keep mat — the rest go to {name}").format(name=left)


def seat_status(sc: TextsScene, seat: int) -> str:
    """``"chosen"`` / ``"thinking"`` / ``"choosing"`` / ``""`` for ``seat``'s panel."""
    sh = sc.shown
    if sc.scoring is not None or sh.over or sh.phase not in (EAT, KEEP):
        return ""
    if sh.seats[seat].chosen:
        return "chosen"
    if sc.timeline.running:
        return ""
    if seat in sc.match.view(sc.bottom).to_act:
        status = "" if sc.review else "choosing" if sc.seats[seat] == "human" else "thinking"
        online = getattr(sc.match, "status_of", None)  # (an online table's Match: a person, away)
        return online(seat, status) if online is not None else status
    return ""


__all__ = ["CARD_AS", "CARD_THE", "banner_text", "card_the", "hint_text", "seat_status"]
