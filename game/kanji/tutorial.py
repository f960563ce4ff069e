"""The coach's texts of the Kanji-zushi tutorial (``game/kanji/tutorial.json``) and its tables: text key ->
English, marked for the catalogs (``N_``; :meth:`game.tutorial.Tutorial.text` translates at use).
Named placeholders: ``{event}`` (the game log's last sentence); these texts use none: each
tells the scripted game's facts (kanji, meanings from KANJIDIC2, stroke counts) itself."""

from collections.abc import Iterable

from game.core import Event
from game.i18n import N_
from game.tutorial import Evidence

TEXTS = {
    "kanji.welcome": N_(
        "Welcome to Kanji-zushi! You and Aoi build kanji from two halves. Your hand (bottom) holds "
        "neta cards: left halves. The table holds shari cards: right halves. Each of you aims for "
        "5 kanji. You start."),
    "kanji.other_valid": N_("That pair would make a kanji too, but follow the lesson: try the pair that pulses."),
    "kanji.first": N_(
        "Drag 亻 from your hand onto 乍 on the table (or click 亻, then 乍). Together they make 作 "
        "“make”, a regular-use (Jōyō) kanji of 7 strokes: you keep both cards and it scores 7."),
    "kanji.first.why": N_("Not now: drag 亻 onto 乍 to make 作, the pair that pulses."),
    "kanji.not_joyo": N_(
        "作 is yours! The table was refilled to 6 cards and you drew a new neta. Aoi made 打 "
        "“strike” (5 strokes). Now put 木 beside 京: it forms 椋, a real character but not a "
        "regular-use one. Let's see what happens."),
    "kanji.not_joyo.why": N_(
        "This time put 木 beside 京 (it pulses), even though it will fail: the lesson is what happens then."),
    "kanji.village": N_(
        "椋 (a tree's name) is real but not one of the 2,136 regular-use kanji, so it does not count: "
        "both cards went back and your turn ended. Aoi made 細 “thin” (11 strokes). Drag 木 onto 寸 "
        "to make 村 “village” (7 strokes)."),
    "kanji.village.why": N_("Drag 木 onto 寸 to make 村 “village”: the pair that pulses."),
    "kanji.no_char": N_(
        "村 is yours: again the table was refilled and you drew a neta. Aoi made 校 “school” (10 "
        "strokes). Now put 日 beside 木. It looks like a kanji, but is it one?"),
    "kanji.no_char.why": N_(
        "For this lesson put 日 beside 木 (it pulses): we want to see a pair that forms nothing."),
    "kanji.pass": N_(
        "No character is written 日 + 木, so there is nothing to keep: both cards went back and your "
        "turn ended. Aoi made 設 “establishment” (11 strokes). None of your neta makes a regular-use "
        "kanji with this table now: press Pass turn. Passing ends your turn, just like a failed "
        "attempt."),
    "kanji.pass.why": N_("No pair of yours makes a regular-use kanji here. Press Pass turn instead."),
    "kanji.paper": N_(
        "Aoi made 体 “body” (7 strokes), her fifth kanji. A player with 5 kanji takes no more turns, "
        "so you play on alone until you have 5 too. Her kanji turned up 氏: drag 糸 onto 氏 to make "
        "紙 “paper” (10 strokes)."),
    "kanji.paper.why": N_("Drag 糸 onto 氏 to make 紙 “paper”: it is your only kanji here."),
    "kanji.read": N_(
        "Your score is the sum of your kanji's strokes. Aoi: 5 + 11 + 10 + 11 + 7 = 44. You: 作 7 + "
        "村 7 + 紙 10 = 24. Drag 言 onto 売 to make 読 “read”: 14 strokes, your biggest kanji."),
    "kanji.read.why": N_("Drag 言 onto 売 to make 読 “read” (14 strokes): the pair that pulses."),
    "kanji.last": N_(
        "You have 38 strokes. Drag 土 onto 也 to make 地 “ground” (6 strokes). It is your fifth "
        "kanji, so the game ends: 44 to 44, a tie!"),
    "kanji.last.why": N_("Drag 土 onto 也 to make 地 “ground”, your fifth kanji: the pair that pulses."),
    "kanji.last.pond": N_("池 “pond” has 6 strokes too, but for this lesson drag 土 onto 也 to make 地."),
    "kanji.last.cool": N_(
        "涼 “cool” (11 strokes) would win outright! This lesson shows a tie instead: drag 土 onto 也."),
    "kanji.end": N_(
        "A tie on 44 strokes goes to the player with the single kanji of most strokes: your 読 (14) "
        "beats Aoi's 細 and 設 (11 each), so you win! You now know every rule of Kanji-zushi."),
}


#: The rules this tutorial must show at least once (issue 11).
REQUIRED_RULES: tuple[str, ...] = ("valid-pair", "not-regular-use", "no-kanji", "refill-draw", "pass",
                                  "five-kanji", "stroke-scoring", "tie-break")


def _kinds(events: Iterable[Event]) -> set[str]:
    return {e.kind for e in events}


def _kanji_wrong(reason: str) -> Evidence:
    return lambda events, step, human: any(e.kind == "kanji.wrong" and getattr(e, "reason") == reason
                                           and e.seat == human for e in events)


#: Per rule tag: what the events of the step (its action, the replies and the forced actions after
#: it) must show for the step to count as showing that rule.
EVIDENCE: dict[str, Evidence] = {
    "valid-pair": lambda ev, st, h: any(e.kind == "kanji.formed" and e.seat == h for e in ev),
    "not-regular-use": _kanji_wrong("not-joyo"),
    "no-kanji": _kanji_wrong("no-character"),
    "refill-draw": lambda ev, st, h: {"kanji.refill", "kanji.draw"} <= _kinds(ev),
    "pass": lambda ev, st, h: any(e.kind == "kanji.pass" and e.seat == h for e in ev),
    "five-kanji": lambda ev, st, h: "kanji.finished" in _kinds(ev),
    "stroke-scoring": lambda ev, st, h: "kanji.end" in _kinds(ev),
    "tie-break": lambda ev, st, h: any(e.kind == "kanji.end" and getattr(e, "tie_break") is not None
                                       for e in ev),
}
