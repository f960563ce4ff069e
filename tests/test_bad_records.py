"""Bad game records never crash a reader (issue "No file can stop Tatami from starting").

The record readers — ``python -m game replay | narrate | analyse`` and the replay viewer
(``tatami --replay``, :mod:`scenes.replay.source`) — read through :func:`game.replay.load_record`
(:func:`game.safejson.read_json` underneath) and replay through :func:`game.replay.replay_record`.
Whatever the file holds, they either succeed or raise :class:`game.replay.ReplayError` whose
message is one short line. Here in-process (fast); tests/test_bad_commands.py runs the real
commands on the key bad files.

Findings covered: 7 (a ``"game"`` that is not a name), 8 (KAITO ``colors`` that cannot be sorted),
9 (deep nesting, huge integers), 11 (shortened actions and values in error lines, the app's saved
game wrapper), 10 (NUL and lone surrogates in the names, drawn by the viewer); and a hypothesis
fuzz suite mutating real records.
"""
from __future__ import annotations

import atexit
import copy
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.analyse import decisions, iter_analysis
from game.core import RecordError
from game.kaito.rules import KAITO
from game.match import Match
from game.narrate import narrate_lines
from game.registry import get
from game import replay as replay_module
from game.replay import ReplayError, load_record, replay_file, replay_record
from game.replay import main as replay_main

#: The longest error line accepted (a path of a few dozen characters, the reason, a shortened value).
MAX_LINE = 400
SEATS = {"kaito": 2, "sushi-draft": 3, "kanji-zushi": 2}


def real_record(game: str, seed: int = 3) -> dict[str, Any]:
    """The record of a whole game between random bots (as ``python -m game play`` plays it)."""
    match = Match(get(game), ["random"] * SEATS[game], seed, synchronous=True)
    match.run_bots_until_human()
    return match.record()


RECORDS = {game: real_record(game) for game in SEATS}


def write(tmp_path: Path, doc: Any, name: str = "game.json") -> str:
    path = tmp_path / name
    if isinstance(doc, bytes):
        path.write_bytes(doc)
    else:
        path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return str(path)


def assert_one_line(exc: BaseException, *words: str) -> str:
    text = str(exc)
    assert "\n" not in text and "\r" not in text and 0 < len(text) <= MAX_LINE, text[:500]
    for word in words:
        assert word in text, text
    return text


def read_and_replay(path: str):
    return replay_record(path, load_record(path))


# -- 7: a "game" that is not a game's name ----------------------------------------------------------
@pytest.mark.parametrize("name", [["kaito"], {}, {"kaito": 1}, 12, None, True, "x" * 5000, "chess\nnext line"])
def test_a_game_that_is_not_a_name_is_a_malformed_record(tmp_path, name):
    record = {**RECORDS["kaito"], "game": name}
    path = write(tmp_path, record)
    with pytest.raises(ReplayError) as info:
        read_and_replay(path)
    assert_one_line(info.value, path, "malformed record", "unknown game")
    with pytest.raises(ReplayError) as info:
        narrate_lines(path, None)
    assert_one_line(info.value, "malformed record")
    with pytest.raises(ReplayError) as info:
        decisions(path, record, 0)
    assert_one_line(info.value, "malformed record")


def test_a_game_that_is_not_a_name_exits_2_with_one_line(tmp_path, capsys):
    path = write(tmp_path, {**RECORDS["kaito"], "game": ["kaito"]})
    assert replay_main([path]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"{path}: malformed record: ")


# -- 8: KAITO colours that cannot be sorted -----------------------------------------------------------
@pytest.mark.parametrize("colors", [[1, "R"], [None, None], [{}, {}], [[], []], ["R"], ["R", "R"], "RB",
                                    ["R", "B", "R"], [True, False]])
def test_kaito_colors_that_are_not_two_colours_are_a_record_error(tmp_path, colors):
    setup = {**RECORDS["kaito"]["setup"], "colors": colors}
    with pytest.raises(RecordError) as info:
        KAITO.state_from_setup(setup)
    assert_one_line(info.value, "colors")
    path = write(tmp_path, {**RECORDS["kaito"], "setup": setup})
    with pytest.raises(ReplayError) as replayed:
        read_and_replay(path)
    assert_one_line(replayed.value, path, "malformed record", "colors")


# -- 9: deep nesting and huge numbers -------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,
    '{"a":' * 100_000 + "1" + "}" * 100_000,
    json.dumps({**RECORDS["sushi-draft"], "setup": {**RECORDS["sushi-draft"]["setup"], "players": 0}})
        .replace('"players": 0', '"players": ' + "9" * 5000),
    '{"format": "tatami-record/1", "game": "kaito", "setup": {}, "actions": [], "n": ' + "1" * 4301 + "}",
    '{"format": 1e999}',
    '{"format": NaN}',
    "\ufeff{}",
    "",
])
def test_deep_nesting_and_huge_numbers_are_malformed_records(tmp_path, text):
    path = write(tmp_path, text)
    with pytest.raises(ReplayError) as info:
        read_and_replay(path)
    assert_one_line(info.value, path, "malformed record")


def test_bytes_that_are_not_utf8_are_a_malformed_record(tmp_path):
    path = write(tmp_path, b'{"format": "\xff"}')
    with pytest.raises(ReplayError) as info:
        load_record(path)
    assert_one_line(info.value, path, "malformed record", "UTF-8")


def test_the_record_size_limit_is_documented_and_enforced(tmp_path):
    limit = replay_module.MAX_RECORD_BYTES
    assert limit == 16 * 1024 * 1024 and "16 MiB" in (load_record.__doc__ or "")
    path = tmp_path / "big.json"
    with open(path, "wb") as f:  # a sparse file: no disk used
        f.truncate(limit + 1)
    with pytest.raises(ReplayError) as info:
        load_record(str(path))
    assert_one_line(info.value, str(path), "too large")


def test_a_folder_and_a_missing_file_cannot_be_read(tmp_path):
    for path in (str(tmp_path), str(tmp_path / "missing.json")):
        with pytest.raises(ReplayError) as info:
            load_record(path)
        assert_one_line(info.value, path, "cannot read")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_refused_unread(tmp_path):
    import threading

    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    # A reader that opened the pipe would wait for a writer, then for the writer's end: one is
    # opened here and closed a moment later, so that a wrong reader fails this test instead of
    # hanging it. A right reader never opens the pipe.
    keep = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    writer = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
    os.write(writer, b"{}")
    closer = threading.Timer(1.0, os.close, [writer])
    closer.start()
    try:
        with pytest.raises(ReplayError) as info:
            load_record(str(fifo))
        assert_one_line(info.value, str(fifo), "not a regular file")
    finally:
        closer.join()
        os.close(keep)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_dev_zero_is_refused_unread():
    with pytest.raises(ReplayError) as info:
        load_record("/dev/zero")
    assert_one_line(info.value, "/dev/zero", "not a regular file")


# -- 11: long actions and values are shortened in error lines --------------------------------------------
def long_action(game: str, index: int, text: str) -> dict:
    record = copy.deepcopy(RECORDS[game])
    if game == "sushi-draft":
        record["actions"][index][0] = text
    else:
        record["actions"][index] = text
    return record


@pytest.mark.parametrize("game", sorted(SEATS))
@pytest.mark.parametrize("text", ["x" * 9_000, "@" + "a1" * 1000, "pass" * 2000, "tuna+" + "x" * 5000,
                                  "\n".join(["d4"] * 100)])
def test_an_illegal_long_action_is_shortened_in_the_error_line(tmp_path, game, text):
    path = write(tmp_path, long_action(game, 1, text))
    with pytest.raises(ReplayError) as info:
        read_and_replay(path)
    line = assert_one_line(info.value, path, "action 1")
    assert "…" in line


@pytest.mark.parametrize("game", sorted(SEATS))
def test_an_illegal_2mb_action_is_shortened_by_replay_record(game):
    # (a file with it is refused at loading, past the longest text; a record given in-process is not)
    with pytest.raises(ReplayError) as info:
        replay_record("game.json", long_action(game, 3, "x" * 2_000_000))
    assert "…" in assert_one_line(info.value, "game.json: action 3 ('xxx")


def test_an_illegal_2mb_action_prints_one_short_line(tmp_path, capsys):
    path = write(tmp_path, long_action("kaito", 3, "x" * 2_000_000))
    assert replay_main([path]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) <= MAX_LINE and err.startswith(f"{path}: malformed record: ")


@pytest.mark.parametrize("field, value", [
    ("format", "tatami-record/1" * 500), ("format", list(range(1000))), ("game", "k" * 9000),
])
def test_a_long_record_value_is_shortened_in_the_error_line(tmp_path, field, value):
    path = write(tmp_path, {**RECORDS["kaito"], field: value})
    with pytest.raises(ReplayError) as info:
        read_and_replay(path)
    line = assert_one_line(info.value, path, "malformed record")
    assert "…" in line or "..." in line


@pytest.mark.parametrize("game, setup", [
    ("sushi-draft", {"players": "3" * 9000}),
    ("kanji-zushi", {"players": ["x" * 9000]}),
    ("kanji-zushi", {"answer_key": "k" * 9000}),
    ("kanji-zushi", {"y" * 9000: 1}),
])
def test_a_long_setup_value_is_shortened_in_the_error_line(tmp_path, game, setup):
    record = RECORDS[game]
    path = write(tmp_path, {**record, "setup": {**record["setup"], **setup}})
    with pytest.raises(ReplayError) as info:
        read_and_replay(path)
    assert "…" in assert_one_line(info.value, path, "malformed record")


# -- 11: the app's own saved-game wrapper and recent-games entry ----------------------------------------------
@pytest.mark.parametrize("game", sorted(SEATS))
def test_the_apps_saved_game_wrapper_is_read_as_its_record(tmp_path, game, capsys):
    record = RECORDS[game]
    names = [f"P{i}" for i in range(SEATS[game])]
    save = {"version": 1, "game": game, "record": record,
            "setup": {"seats": ["human"] + ["easy"] * (SEATS[game] - 1), "names": names}, "game_id": "abc"}
    recent = {"record": record, "setup": save["setup"], "game_id": "abc", "ended": "2024-01-01T00:00:00"}
    for doc in (save, recent):
        path = write(tmp_path, doc)
        assert load_record(path) == record
        assert replay_main([path]) == 0
        assert capsys.readouterr().out.count("\n") == 1
        assert narrate_lines(path, None)
        assert len(decisions(path, load_record(path), 0)) > 0


def test_unwrap_record_is_the_one_rule():
    unwrap_record = replay_module.unwrap_record
    record = RECORDS["kaito"]
    assert unwrap_record(record, "f") == (record, None)
    wrapper = {"version": 1, "record": record, "setup": {}}
    assert unwrap_record(wrapper, "f") == (record, wrapper)
    assert unwrap_record([1], "f") == ([1], None)
    with pytest.raises(ReplayError) as info:
        unwrap_record({"record": "x"}, "f")
    assert_one_line(info.value, "f: malformed record", "\"record\"")
    # a record that has a "format" is never unwrapped
    odd = {**record, "record": {"format": "x"}}
    assert unwrap_record(odd, "f") == (odd, None)


def test_replay_file_reads_a_wrapper(tmp_path):
    import io

    out = io.StringIO()
    replay_file(write(tmp_path, {"record": RECORDS["kanji-zushi"]}), False, out)
    assert json.loads(out.getvalue())["game"] == "kanji-zushi"


# -- 10: names with NUL and lone surrogates in the replay viewer --------------------------------------------
BAD_NAMES = ["Ai\x00ko", "\udcff\ud800Ben"]


@pytest.mark.parametrize("wrapped", [False, True])
def test_the_viewer_draws_a_record_whose_names_hold_nul_and_lone_surrogates(app, tmp_path, wrapped):
    import pygame

    from scenes.replay.source import load_replay_file

    record = {**RECORDS["kaito"], "names": BAD_NAMES}
    doc: Any = record
    if wrapped:
        doc = {"version": 1, "game": "kaito", "record": record,
               "setup": {"seats": ["human", "hard"], "names": BAD_NAMES}}
    path = tmp_path / "names.json"
    path.write_text(json.dumps(doc), encoding="ascii")  # json escapes: "\u0000", "\udcff"
    source = load_replay_file(str(path))
    assert source.record["names"] == ["Aiko", "\ufffd\ufffdBen"]
    scene = app.make_scene("replay", record=source.record, setup=source.setup, where=str(path))
    app.manager.reset(scene)
    assert scene.problem is None
    for _ in range(3):
        app.pump(16)
    for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_END, pygame.K_HOME):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        for _ in range(20):
            app.pump(16)
    for name in scene.names:
        assert "\x00" not in name and not any("\ud800" <= ch <= "\udfff" for ch in name)
        name.encode("utf-8")


@pytest.mark.parametrize("game", ["kaito", "sushi-draft"])
def test_the_viewer_draws_a_record_with_a_5000_character_name(app, tmp_path, game):
    """Before the fix: "Fatal Python error: pygame_parachute: Segmentation Fault" (the font)."""
    import pygame

    from scenes.play.seats import NAME_MAX
    from scenes.replay.source import load_replay_file

    record = RECORDS[game]
    record = {**record, "names": ["Ñ" * 5000] + ["語" * 5000] * (SEATS[game] - 1)}
    path = tmp_path / "long.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    source = load_replay_file(str(path))
    scene = app.make_scene("replay", record=source.record, setup=source.setup, where=str(path))
    app.manager.reset(scene)
    assert scene.problem is None
    for key in (pygame.K_RIGHT, pygame.K_END, pygame.K_HOME):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        for _ in range(10):
            app.pump(16)
    assert all(0 < len(name) <= NAME_MAX for name in scene.names)


@pytest.mark.parametrize("mangle", [
    lambda r: {**r, "game": ["kaito"]},
    lambda r: {**r, "game": {}},
    lambda r: {**r, "setup": {**r["setup"], "colors": [1, "R"]}},
    lambda r: {**r, "actions": r["actions"][:3] + ["x" * 2_000_000]},
    lambda r: {**r, "format": "f" * 9000},
])
def test_the_viewer_shows_a_bad_record_as_one_short_line(app, mangle):
    scene = app.make_scene("replay", record=mangle(RECORDS["kaito"]), where="game.json")
    app.manager.reset(scene)
    app.pump(16)
    assert scene.problem and "\n" not in scene.problem and len(scene.problem) <= MAX_LINE
    assert scene.problem.startswith("game.json: ")


def test_narrate_tells_cleaned_names(tmp_path):
    path = write(tmp_path, {**RECORDS["kaito"], "names": BAD_NAMES})
    lines = narrate_lines(path, None)
    assert any("Aiko" in line for line in lines)
    "\n".join(lines).encode("utf-8")


# -- the fuzz suite ----------------------------------------------------------------------------------------------
_DIR = tempfile.mkdtemp(prefix="tatami-fuzz-")
atexit.register(shutil.rmtree, _DIR, True)
FUZZ_PATH = os.path.join(_DIR, "fuzz.json")

#: Replacement values: every JSON type, edge numbers, long and dirty strings, deep nesting.
JSON_VALUES = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-(10 ** 30), max_value=10 ** 30),
    st.sampled_from([0, 1, -1, 2, 3, 5, 6, 7, 36, 46, 2 ** 31, 2 ** 63, 10 ** 39]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(["", "R", "B", "kaito", "sushi-draft", "kanji-zushi", "tatami-record/1", "joyo", "rulebook",
                     "pass", "@c4", "d4", "tuna", "亻", "口", "\x00", "\udcff", "a\x00b\udc80",
                     "x" * 20_000, "d4+K:" + "3," * 3000 + "1"]),
    st.lists(st.integers(min_value=-3, max_value=60), max_size=4),
    st.lists(st.text(max_size=3), max_size=4),
    st.just([]), st.just({}), st.just([[]]), st.just({"": None}),
)


def paths_of(doc: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path (tuple of keys / indexes) into ``doc``, the root included."""
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += paths_of(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += paths_of(v, prefix + (i,))
    return out


def replaced(doc: Any, path: tuple, fn) -> Any:
    """A copy of ``doc`` with the value at ``path`` replaced by ``fn(value)`` (``fn`` may return
    the marker ``DELETE`` to remove it)."""
    if not path:
        return fn(doc)
    doc = copy.copy(doc)
    head, rest = path[0], path[1:]
    new = replaced(doc[head], rest, fn)
    if new is DELETE:
        del doc[head]
    else:
        doc[head] = new
    return doc


DELETE = object()


def nested(value: Any, depth: int) -> Any:
    for _ in range(depth):
        value = [value]
    return value


@st.composite
def mutated_text(draw) -> str | bytes:
    """A real record with one to three mutations, as the text of a file."""
    game = draw(st.sampled_from(sorted(SEATS)))
    doc: Any = copy.deepcopy(RECORDS[game])
    if draw(st.booleans()):
        doc = {"version": 1, "game": game, "record": doc, "setup": {"seats": ["human"] * SEATS[game]}}
    for _ in range(draw(st.integers(1, 3))):
        paths = paths_of(doc)
        path = draw(st.sampled_from(paths))
        kind = draw(st.sampled_from(["value", "value", "delete", "nest", "extra", "swap-type", "duplicate"]))
        if kind == "value":
            value = draw(JSON_VALUES)
            doc = replaced(doc, path, lambda _old: value)
        elif kind == "delete" and path and isinstance(doc, (dict, list)):
            doc = replaced(doc, path, lambda _old: DELETE)
        elif kind == "nest":
            depth = draw(st.sampled_from([1, 2, 5, 31, 40]))
            doc = replaced(doc, path, lambda old: nested(old, depth))
        elif kind == "extra":
            key = draw(st.sampled_from(["x", "names", "format", "record", "y" * 11_000]))
            value = draw(JSON_VALUES)
            doc = replaced(doc, path, lambda old: {**old, key: value} if isinstance(old, dict)
                           else old + [value] if isinstance(old, list) else old)
        elif kind == "swap-type":
            doc = replaced(doc, path, lambda old: [old] if not isinstance(old, list) else {"0": old})
        elif kind == "duplicate":
            doc = replaced(doc, path, lambda old: old * 2 if isinstance(old, (list, str)) else old)
    text = json.dumps(doc, ensure_ascii=draw(st.booleans()))
    how = draw(st.sampled_from(["as is"] * 6 + ["bignum", "truncate", "garbage", "bytes"]))
    if how == "bignum":
        text = text.replace("1", "1" * draw(st.sampled_from([41, 4301, 5000])), 1)
    elif how == "truncate":
        text = text[:draw(st.integers(0, max(0, len(text) - 1)))]
    elif how == "garbage":
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(["\x00", "]", "{", "NaN", "1e999", '"\\ud800"', ","])) + text[at:]
    elif how == "bytes":
        at = draw(st.integers(0, len(text)))
        raw = text.encode("utf-8")
        return raw[:at] + draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80"])) + raw[at:]
    return text


def fuzz_readers(content: str | bytes) -> None:
    """Run the four readers' in-process paths on ``content``: success or a one-line ReplayError."""
    with open(FUZZ_PATH, "wb") as f:
        f.write(content.encode("utf-8", "surrogatepass") if isinstance(content, str) else content)
    try:
        record = load_record(FUZZ_PATH)
        state = replay_record(FUZZ_PATH, record)
        json.dumps(state.summary(), ensure_ascii=False).encode("utf-8")
        for line in narrate_lines(FUZZ_PATH, None):
            line.encode("utf-8")
        for seat in range(state.num_seats):
            narrate_lines(FUZZ_PATH, seat)
        if state.history:
            next(iter_analysis(FUZZ_PATH, record, state.history[-1][0], depth=1, worlds=2), None)
    except ReplayError as exc:
        assert_one_line(exc)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_text())
def test_fuzz_mutated_records_fail_only_with_one_line(content):
    fuzz_readers(content)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(SEATS)), st.data())
def test_fuzz_actions_replaced_by_any_text(game, data):
    record = copy.deepcopy(RECORDS[game])
    for _ in range(data.draw(st.integers(1, 3))):
        index = data.draw(st.integers(0, len(record["actions"]) - 1))
        text = data.draw(st.one_of(st.text(max_size=20), st.sampled_from(["x" * 50_000, "\x00", "\udcff", " d4"])))
        if game == "sushi-draft":
            record["actions"][index][data.draw(st.integers(0, SEATS[game] - 1))] = text
        else:
            record["actions"][index] = text
    fuzz_readers(json.dumps(record))


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(content=mutated_text())
def test_fuzz_the_replay_viewer_shows_a_record_or_one_line(app, content):
    """The viewer (as ``tatami --replay FILE`` opens it): a mutated record is shown and stepped
    through, or refused with one line; nothing raises."""
    import pygame

    from scenes.replay.source import load_replay_file

    with open(FUZZ_PATH, "wb") as f:
        f.write(content.encode("utf-8", "surrogatepass") if isinstance(content, str) else content)
    try:
        source = load_replay_file(FUZZ_PATH)
    except ReplayError as exc:
        assert_one_line(exc)
        return
    scene = app.make_scene("replay", record=source.record, setup=source.setup, where=FUZZ_PATH)
    app.manager.reset(scene)
    if scene.problem:
        assert "\n" not in scene.problem and len(scene.problem) <= MAX_LINE
    for key in (pygame.K_END, pygame.K_LEFT, pygame.K_HOME):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        for _ in range(4):
            app.pump(16)
