"""Sushi Draft's telling (RULES.md section 2): every sentence the game says — an event's (its
:data:`TELLERS`, through :func:`game.telling.describe`), the outcome's (:func:`outcome_text`) and
the words they are made of — in the language in use, each a whole catalog text with named
placeholders (:mod:`game.i18n`).

The events (:mod:`game.sushi.events`) carry data only; nothing here is registered anywhere: the
shared :func:`game.telling.describe` finds this module through the game's registration.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Callable

from game.core import join_list, pick_template
from game.i18n import N_, _, ngettext
from game.sushi.events import Award, AwardEvent, Chosen, Deal, Discard, End, Keep, Pass, Reveal, RoundEnd

#: The dessert pile's name (same value as :data:`game.sushi.rules.DESSERT`; this module may not import
#: game.sushi.rules, which imports it).
_DESSERT = "dessert"
_WILD_PREFIX = "wild="


def outcome_text(winners: tuple[int, ...], points: int) -> str:
    """The :class:`~game.core.Outcome`'s sentence (seats by number, 0-based) in the language in use:
    ``"Seat 2 wins with 15 points."``, ``"Seats 0 and 1 share the win with 12 points each."``."""
    if len(winners) == 1:
        # Translators: the end of a Sushi Draft game; {seat} is a seat number
        return ngettext("Seat {seat} wins with {points} point.", "Seat {seat} wins with {points} points.",
                        points).format(seat=winners[0], points=points)
    # Translators: the end of a Sushi Draft game; {seats} lists seat numbers ("0 and 2")
    return ngettext("Seats {seats} share the win with {points} point each.",
                    "Seats {seats} share the win with {points} points each.", points).format(
        seats=join_list([str(s) for s in winners]), points=points)


#: Every card's name (the five sushi types and the wild), translated where shown (:func:`card_name`).
CARD_WORDS: dict[str, str] = {
    "tuna": N_("tuna"), "shrimp": N_("shrimp"), "salmon": N_("salmon"), "cucumber": N_("cucumber"),
    "mackerel": N_("mackerel"),
    # Translators: the wild card of Sushi Draft (it copies a type already eaten)
    "wild": N_("wild"),
}


#: Every chip pile's name as the head of its award sentence ("Tuna: Ben has the most tuna ...").
PILE_TITLES: dict[str, str] = {
    "tuna": N_("Tuna"), "shrimp": N_("Shrimp"), "salmon": N_("Salmon"), "cucumber": N_("Cucumber"),
    "mackerel": N_("Mackerel"),
    # Translators: the dessert chip pile (won by eating the most different types in a round)
    _DESSERT: N_("Dessert"),
}


#: What each pile counts, as its award sentence says it ("the most tuna"; dessert: "types").
PILE_UNITS: dict[str, str] = {
    "tuna": N_("tuna"), "shrimp": N_("shrimp"), "salmon": N_("salmon"), "cucumber": N_("cucumber"),
    "mackerel": N_("mackerel"),
    # Translators: what the dessert pile counts: the different sushi types a seat ate
    _DESSERT: N_("types"),
}


def card_name(card: str) -> str:
    """A card's name in the language in use (``"tuna"`` -> "tuna"); an unknown name as it is."""
    word = CARD_WORDS.get(card)
    return _(word) if word else card


def pile_title(pile: str) -> str:
    """A pile's name as the head of a sentence (``"tuna"`` -> "Tuna"), in the language in use."""
    word = PILE_TITLES.get(pile)
    return _(word) if word else pile.capitalize()


def pile_unit(pile: str) -> str:
    """What a pile counts (``"tuna"`` -> "tuna", dessert -> "types"), in the language in use."""
    word = PILE_UNITS.get(pile)
    return _(word) if word else pile


#: A sentence template in the language in use, for a count ``n`` (the ones without a count ignore
#: it): called at the moment the sentence is told.
Template = Callable[[int], str]


#: Every event sentence, keyed by kind (and variant); ``<key>/you``: the second-person variant,
#: told when the subject seat is the person. ``{seat}``, ``{to}``, ``{giver}``, ``{winner}``,
#: ``{winners}`` are seat names; ``{card}`` a card (or "a wild as tuna"), ``{cards}`` a list of cards.
TEMPLATES: dict[str, Template] = {
    "sushi.deal": lambda n: _("{seat} received a new hand for round {round}: {cards}."),
    "sushi.deal/you": lambda n: _("You received a new hand for round {round}: {cards}."),
    "sushi.chosen/eat": lambda n: _("{seat} chose a card to eat."),
    "sushi.chosen/eat/you": lambda n: _("You chose a card to eat."),
    "sushi.chosen/keep": lambda n: _("{seat} chose a card to keep."),
    "sushi.chosen/keep/you": lambda n: _("You chose a card to keep."),
    "sushi.chosen/eat_known": lambda n: _("{seat} chose to eat {card}."),
    "sushi.chosen/eat_known/you": lambda n: _("You chose to eat {card}."),
    "sushi.chosen/keep_known": lambda n: _("{seat} chose to keep {card}."),
    "sushi.chosen/keep_known/you": lambda n: _("You chose to keep {card}."),
    # Translators: {eaten} lists each seat with the card it ate ("Aiko tuna, Ben a wild as tuna and Chie salmon")
    "sushi.reveal": lambda n: _("Everyone revealed what they ate: {eaten}."),
    # Translators: an item of the list of eaten cards: a seat's name and the card it ate ("Aiko tuna")
    "sushi.reveal/item": lambda n: _("{seat} {card}"),
    "sushi.keep": lambda n: _("{seat} kept {card} and passed {cards} to {to}."),
    "sushi.keep/you": lambda n: _("You kept {card} and passed {cards} to {to}."),
    "sushi.pass": lambda n: _("{seat} received {cards} from {giver}."),
    "sushi.pass/you": lambda n: _("You received {cards} from {giver}."),
    "sushi.discard": lambda n: _("{seat} discarded the last card, {card}."),
    "sushi.discard/you": lambda n: _("You discarded the last card, {card}."),
    # Translators: {tally} lists each seat with its chips won so far ("Aiko 2 (7 points), Ben 1 and Chie 0")
    "sushi.round_end": lambda n: _("Round {round} is over; chips won so far: {tally}."),
    # Translators: an item of the chip tally: a seat's name and how many chips it has won ("Ben 1")
    "sushi.round_end/chips": lambda n: _("{seat} {count}"),
    # Translators: an item of the chip tally: a seat, its chip count and their points ("Aiko 2 (7 points)")
    "sushi.round_end/chips_points": lambda n: ngettext("{seat} {count} ({points} point)",
                                                       "{seat} {count} ({points} points)", n),
    # Translators: {scores} lists every seat's total ("Aiko: 12, Ben: 9 and Chie: 7")
    "sushi.end/one": lambda n: ngettext("The chips were revealed ({scores}) and {winner} won with {points} point.",
                                        "The chips were revealed ({scores}) and {winner} won with {points} points.",
                                        n),
    "sushi.end/one/you": lambda n: ngettext("The chips were revealed ({scores}) and you won with {points} point.",
                                            "The chips were revealed ({scores}) and you won with {points} points.",
                                            n),
    "sushi.end/shared": lambda n: ngettext(
        "The chips were revealed ({scores}) and {winners} shared the win with {points} point each.",
        "The chips were revealed ({scores}) and {winners} shared the win with {points} points each.", n),
    # Translators: an item of the list of final totals: a seat's name and its points ("Aiko: 12")
    "sushi.end/score": lambda n: _("{seat}: {points}"),
}


def template(key: str, subject: str | None = None, n: int = 0) -> str:
    """The template ``key`` of :data:`TEMPLATES` (or of :data:`AWARD_TEMPLATES` for an
    ``award/...`` key) in the language in use, for the count ``n``: its second-person variant
    when ``subject`` (the subject seat's name) is the person and the key has one."""
    if key.startswith("award/"):
        return pick_template(AWARD_TEMPLATES, key[len("award/"):], subject, n)
    return pick_template(TEMPLATES, key, subject, n)


def _cards(cards: Sequence[str]) -> str:
    """Card names as a list, e.g. ``"tuna, tuna and wild"`` (``"nothing"`` if empty)."""
    # Translators: the cards of an empty hand or an empty pass, in a sentence ("Ben received nothing from Aiko.")
    return join_list([card_name(c) for c in cards]) or _("nothing")


def action_words(action: str) -> str:
    """An EAT action in words: ``"tuna"`` -> ``"tuna"``, ``"wild=tuna"`` -> ``"a wild as tuna"``."""
    if action.startswith(_WILD_PREFIX):
        # Translators: a wild card eaten as a copy of a type ("a wild as tuna")
        return _("a wild as {type}").format(type=card_name(action[len(_WILD_PREFIX):]))
    return card_name(action)


#: One whole sentence per way a pile can be decided; ``*_worth`` variants name the chip's value
#: (for its winner, and for everyone once the game is over); ``<key>/you``: the second-person variant
#: (the winner is the person). ``{pile}`` is the pile's title ("Tuna"), ``{unit}`` what it counts
#: ("tuna", "types"), ``{who}`` the winner's name, ``{ties}`` the tied groups passed over.
AWARD_TEMPLATES: dict[str, Template] = {
    "empty": lambda n: _("{pile}: no chip left on the pile."),
    "nobody": lambda n: _("{pile}: nobody ate any; the chip stays on the pile."),
    # Translators: {ties} tells the tied groups ("Aiko and Ben tie on 2; Chie and Dan tie on 1")
    "no_one_alone": lambda n: _("{pile}: {ties}; no one is alone, so the chip stays on the pile."),
    "only": lambda n: _("{pile}: {who} is the only one with {unit} ({count}) and wins the chip."),
    "only/you": lambda n: _("{pile}: You are the only one with {unit} ({count}) and win the chip."),
    "only_worth": lambda n: _("{pile}: {who} is the only one with {unit} ({count}) and wins the chip, worth {value}."),
    "only_worth/you": lambda n: _("{pile}: You are the only one with {unit} ({count}) and win the chip, worth "
                                  "{value}."),
    "most": lambda n: _("{pile}: {who} has the most {unit} ({count}) and wins the chip."),
    "most/you": lambda n: _("{pile}: You have the most {unit} ({count}) and win the chip."),
    "most_worth": lambda n: _("{pile}: {who} has the most {unit} ({count}) and wins the chip, worth {value}."),
    "most_worth/you": lambda n: _("{pile}: You have the most {unit} ({count}) and win the chip, worth {value}."),
    "next_group": lambda n: _("{pile}: {ties}, so the chip goes to the next group: {who} ({count})."),
    "next_group_worth": lambda n: _("{pile}: {ties}, so the chip, worth {value}, goes to the next group: {who} "
                                    "({count})."),
    # Translators: a tied group of an award: {seats} lists its seats, {count} what each ate ("Aiko and Ben tie on 2")
    "tie": lambda n: _("{seats} tie on {count}"),
    # Translators: joins the tied groups of an award ("Aiko and Ben tie on 2; Chie and Dan tie on 1")
    "ties": lambda n: _("{first}; {rest}"),
}


def award_text(award: Award, names: Sequence[str], value: int | None = None) -> str:
    """The human explanation of ``award`` with seat ``s`` called ``names[s]`` (RULES.md section 2,
    the "first group of exactly one" tie rule), in the language in use; with ``value``, the won
    chip's value too.

    Example: ``"Tuna: Ben has the most tuna (3) and wins the chip."``."""
    pile = pile_title(award.pile)
    if award.empty:
        return template("award/empty").format(pile=pile)
    if not award.groups:
        return template("award/nobody").format(pile=pile)
    groups = [template("award/tie").format(seats=join_list([names[s] for s in seats]), count=count)
              for count, seats in award.skipped]
    ties = groups[-1] if groups else ""
    for group in reversed(groups[:-1]):
        ties = template("award/ties").format(first=group, rest=ties)
    if award.seat is None:
        return template("award/no_one_alone").format(pile=pile, ties=ties)
    if award.skipped:
        case = "next_group"
    else:
        case = "only" if len(award.groups) == 1 else "most"
    if value is not None:
        case += "_worth"
    who = names[award.seat]
    return template("award/" + case, who).format(
        pile=pile, unit=pile_unit(award.pile), ties=ties, who=who, count=award.counts[award.seat], value=value)


# -- the events' sentences ---------------------------------------------------------------------------


def _deal(event: Deal, names: Sequence[str]) -> str:
    """E.g. ``"Aiko received a new hand for round 1: tuna, shrimp, ... and wild."``."""
    seat = names[event.seat]
    return template(event.KIND, seat).format(seat=seat, round=event.round + 1, cards=_cards(event.cards))


def _chosen(event: Chosen, names: Sequence[str]) -> str:
    """``"Ben chose a card to eat."`` (redacted) or ``"Ben chose to eat a wild as tuna."``."""
    seat = names[event.seat]
    if event.action is None:
        return template(f"{event.KIND}/{event.phase}", seat).format(seat=seat)
    return template(f"{event.KIND}/{event.phase}_known", seat).format(seat=seat, card=action_words(event.action))


def _reveal(event: Reveal, names: Sequence[str]) -> str:
    """E.g. ``"Everyone revealed what they ate: Aiko tuna, Ben a wild as tuna and Chie salmon."``."""
    item = template(f"{event.KIND}/item")
    eaten = join_list([item.format(seat=names[s], card=action_words(a)) for s, a in enumerate(event.actions)])
    return template(event.KIND).format(eaten=eaten)


def _keep(event: Keep, names: Sequence[str]) -> str:
    """E.g. ``"Aiko kept tuna and passed shrimp, salmon and wild to Ben."``."""
    seat = names[event.seat]
    return template(event.KIND, seat).format(seat=seat, card=card_name(event.card), cards=_cards(event.passed),
                                            to=names[event.to_seat])


def _pass(event: Pass, names: Sequence[str]) -> str:
    """E.g. ``"Ben received shrimp, salmon and wild from Aiko."``."""
    seat = names[event.seat]
    return template(event.KIND, seat).format(seat=seat, cards=_cards(event.cards), giver=names[event.from_seat])


def _discard(event: Discard, names: Sequence[str]) -> str:
    """E.g. ``"Aiko discarded the last card, tuna."``."""
    seat = names[event.seat]
    return template(event.KIND, seat).format(seat=seat, card=card_name(event.card))


def _award_event(event: AwardEvent, names: Sequence[str]) -> str:
    """:func:`award_text`, naming the value when it is known."""
    return award_text(event.award, names, event.value)


def _round_end(event: RoundEnd, names: Sequence[str]) -> str:
    """E.g. ``"Round 1 is over; chips won so far: Aiko 2 (7 points), Ben 1 and Chie 0."``."""
    tally = join_list([
        template(f"{event.KIND}/{'chips' if p is None else 'chips_points'}", n=p or 0).format(
            seat=names[s], count=len(c), points=p)
        for s, (c, p) in enumerate(zip(event.chips, event.points))])
    return template(event.KIND).format(round=event.round + 1, tally=tally)


def _end(event: End, names: Sequence[str]) -> str:
    """E.g. ``"The chips were revealed (Aiko 12, Ben 9 and Chie 7) and Aiko won with 12 points."``."""
    score = template(f"{event.KIND}/score")
    scores = join_list([score.format(seat=names[s], points=p) for s, p in enumerate(event.scores)])
    best = event.scores[event.winners[0]]
    if len(event.winners) == 1:
        winner = names[event.winners[0]]
        return template(f"{event.KIND}/one", winner, best).format(scores=scores, winner=winner, points=best)
    return template(f"{event.KIND}/shared", n=best).format(
        scores=scores, winners=join_list([names[s] for s in event.winners]), points=best)


# -- why a choice (issue 21 §4): the coach's and the hint's reason, told from its data -------------


#: Each chip pile's chip as a noun phrase inside the reason's sentence ("wins the tuna chip").
CHIP_WORDS: dict[str, str] = {
    "tuna": N_("the tuna chip"), "shrimp": N_("the shrimp chip"), "salmon": N_("the salmon chip"),
    "cucumber": N_("the cucumber chip"), "mackerel": N_("the mackerel chip"),
    # Translators: the chip of the dessert pile (won by eating the most different types in a round)
    _DESSERT: N_("the dessert chip"),
}

#: The reason's sentence by ``<phase>/<kind>`` of :func:`game.sushi.coach.chip_reason` (``/alone``:
#: no rival named, the chip would stay on the pile; ``/you``: the rival is the person). Placeholders:
#: ``{action}`` and ``{other}`` the two choices in words (:func:`action_words`: "tuna", "a wild as
#: tuna"), ``{chip}`` the chip (:data:`CHIP_WORDS`), ``{rival}`` a seat's name, ``{chance}`` /
#: ``{chance_other}`` the deciding seat's chance of the chip in percent after ``{action}`` / after
#: ``{other}``, ``{rival_chance}`` / ``{rival_chance_other}`` the rival's.
REASON_TEMPLATES: dict[str, Template] = {
    # Translators: the coach's reason for a choice; {action} and {other} are cards ("tuna"), {chip}
    # "the tuna chip", {rival} a player; the numbers are chances in percent after {action} / {other}
    "eat/win": lambda n: _("Eating {action} rather than {other} wins {chip} from {rival} "
                           "(chance of winning it: {chance}%, instead of {chance_other}%)."),
    "eat/win/you": lambda n: _("Eating {action} rather than {other} wins {chip} from you "
                               "(chance of winning it: {chance}%, instead of {chance_other}%)."),
    "eat/win/alone": lambda n: _("Eating {action} rather than {other} wins {chip} "
                                 "(chance of winning it: {chance}%, instead of {chance_other}%)."),
    "eat/lose": lambda n: _("Eating {action} rather than {other} loses {chip} to {rival} "
                            "(chance of winning it: {chance}%, instead of {chance_other}%)."),
    "eat/lose/you": lambda n: _("Eating {action} rather than {other} loses {chip} to you "
                                "(chance of winning it: {chance}%, instead of {chance_other}%)."),
    "eat/lose/alone": lambda n: _("Eating {action} rather than {other} loses {chip} "
                                  "(chance of winning it: {chance}%, instead of {chance_other}%)."),
    # Translators: the coach's reason: the choice keeps {rival} from winning {chip}; the numbers are
    # {rival}'s chances in percent
    "eat/deny": lambda n: _("Eating {action} rather than {other} keeps {chip} from {rival} "
                            "(their chance of winning it: {rival_chance}%, instead of {rival_chance_other}%)."),
    "eat/deny/you": lambda n: _("Eating {action} rather than {other} keeps {chip} from you "
                                "(your chance of winning it: {rival_chance}%, instead of {rival_chance_other}%)."),
    "eat/give": lambda n: _("Eating {action} rather than {other} lets {rival} win {chip} "
                            "(their chance of winning it: {rival_chance}%, instead of {rival_chance_other}%)."),
    "eat/give/you": lambda n: _("Eating {action} rather than {other} lets you win {chip} "
                                "(your chance of winning it: {rival_chance}%, instead of {rival_chance_other}%)."),
    # Translators: the coach's reason when two choices make no real difference to any chip
    "eat/even": lambda n: _("Eating {action} or {other} makes little difference to the chips this round."),
    # Translators: the coach's reason for a keep (the rest of the hand is passed on); {action} and
    # {other} are cards, {chip} "the tuna chip"; the numbers are chances in percent
    "keep/win": lambda n: _("Keeping {action} rather than {other} wins {chip} from {rival} "
                            "(chance of winning it: {chance}%, instead of {chance_other}%)."),
    "keep/win/you": lambda n: _("Keeping {action} rather than {other} wins {chip} from you "
                                "(chance of winning it: {chance}%, instead of {chance_other}%)."),
    "keep/win/alone": lambda n: _("Keeping {action} rather than {other} wins {chip} "
                                  "(chance of winning it: {chance}%, instead of {chance_other}%)."),
    "keep/lose": lambda n: _("Keeping {action} rather than {other} loses {chip} to {rival} "
                             "(chance of winning it: {chance}%, instead of {chance_other}%)."),
    "keep/lose/you": lambda n: _("Keeping {action} rather than {other} loses {chip} to you "
                                 "(chance of winning it: {chance}%, instead of {chance_other}%)."),
    "keep/lose/alone": lambda n: _("Keeping {action} rather than {other} loses {chip} "
                                   "(chance of winning it: {chance}%, instead of {chance_other}%)."),
    "keep/deny": lambda n: _("Keeping {action} rather than {other} keeps {chip} from {rival} "
                             "(their chance of winning it: {rival_chance}%, instead of {rival_chance_other}%)."),
    "keep/deny/you": lambda n: _("Keeping {action} rather than {other} keeps {chip} from you "
                                 "(your chance of winning it: {rival_chance}%, instead of {rival_chance_other}%)."),
    "keep/give": lambda n: _("Keeping {action} rather than {other} lets {rival} win {chip} "
                             "(their chance of winning it: {rival_chance}%, instead of {rival_chance_other}%)."),
    "keep/give/you": lambda n: _("Keeping {action} rather than {other} lets you win {chip} "
                                 "(your chance of winning it: {rival_chance}%, instead of {rival_chance_other}%)."),
    "keep/even": lambda n: _("Keeping {action} or {other} makes little difference to the chips this round."),
}


def _percent(x: Any) -> int | str:
    """A chance 0..1 as whole percent (``0.62`` -> 62); "" for none."""
    return round(float(x) * 100) if isinstance(x, (int, float)) else ""


def reason_text(reason: dict[str, Any], names: Sequence[str]) -> str:
    """The sentence of a reason (:func:`game.sushi.coach.chip_reason`'s data) in the language in
    use, e.g. "Eating tuna rather than salmon wins the tuna chip from Hard AI 2 (chance of winning it:
    62%, instead of 20%)."; the rival called ``names[rival]`` (the person's own seat, "You", in the second person).
    "" for a forced choice (the coach's line says so) and for data it cannot tell.

    Args:
        reason: the reason's fields (``kind``, ``phase``, ``action``, ``other``, ``pile``,
            ``rival``, ``chance``, ``chance_other``, ``rival_chance``, ``rival_chance_other``).
        names: the seats' names."""
    try:
        kind, phase = str(reason["kind"]), str(reason["phase"])
        action, other = reason["action"], reason["other"]
        if kind == "forced" or not isinstance(action, str) or not isinstance(other, str):
            return ""
        key = f"{phase}/{kind}"
        rival = reason.get("rival")
        name = names[rival] if isinstance(rival, int) and 0 <= rival < len(names) else None
        if kind in ("win", "lose") and name is None:
            key += "/alone"
        elif kind != "even" and name is None:
            return ""
        pile = reason.get("pile")
        chip = _(CHIP_WORDS[pile]) if isinstance(pile, str) and pile in CHIP_WORDS else ""
        text = pick_template(REASON_TEMPLATES, key, name)
        return text.format(action=action_words(action), other=action_words(other), chip=chip, rival=name or "",
                           chance=_percent(reason.get("chance")), chance_other=_percent(reason.get("chance_other")),
                           rival_chance=_percent(reason.get("rival_chance")),
                           rival_chance_other=_percent(reason.get("rival_chance_other")))
    except (KeyError, TypeError, ValueError, IndexError):
        return ""


#: The sentence-maker of each event class: ``TELLERS[type(event)](event, names)`` is the event's
#: whole sentence in the language in use (:func:`game.telling.describe` calls it).
TELLERS: dict[type, Callable[[Any, Sequence[str]], str]] = {
    Deal: _deal,
    Chosen: _chosen,
    Reveal: _reveal,
    Keep: _keep,
    Pass: _pass,
    Discard: _discard,
    AwardEvent: _award_event,
    RoundEnd: _round_end,
    End: _end,
}


__all__ = [
    "AWARD_TEMPLATES",
    "CARD_WORDS",
    "CHIP_WORDS",
    "PILE_TITLES",
    "PILE_UNITS",
    "REASON_TEMPLATES",
    "TEMPLATES",
    "Template",
    "action_words",
    "award_text",
    "card_name",
    "TELLERS",
    "outcome_text",
    "pile_title",
    "pile_unit",
    "reason_text",
    "template",
]
