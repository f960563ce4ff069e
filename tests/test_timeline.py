"""Tests of the kit's animation timeline (scenes/kit/timeline.py): waits, parallel side tasks,
sprites, speed, finish and cancel. Pure time arithmetic: no wall clock."""
from __future__ import annotations

import pytest

from scenes.kit.timeline import Timeline


class _Sprite:
    def __init__(self, duration: float):
        self.left = duration
        self.finished = False

    def update(self, dt_ms: float) -> None:
        self.left = max(0.0, self.left - dt_ms)

    @property
    def done(self) -> bool:
        return self.left <= 0

    def finish(self) -> None:
        self.left = 0.0
        self.finished = True


def test_a_choreography_waits_the_ms_it_yields():
    log = []

    def gen():
        log.append("a")
        yield 100
        log.append("b")
        yield 50
        log.append("c")

    tl = Timeline()
    tl.run(gen())
    assert log == ["a"] and tl.running
    tl.update(99)
    assert log == ["a"]
    tl.update(1)
    assert log == ["a", "b"]
    tl.update(49)
    assert log == ["a", "b"] and tl.running
    tl.update(1)
    assert log == ["a", "b", "c"] and not tl.running


def test_speed_scales_time_and_a_long_frame_takes_several_steps():
    log = []

    def gen():
        for k in range(3):
            log.append(k)
            yield 100

    tl = Timeline(speed=2.0)
    tl.run(gen())
    tl.update(50)  # 100 ms of animation time
    assert log == [0, 1]
    tl.update(1000)
    assert log == [0, 1, 2] and not tl.running


def test_only_one_main_choreography_at_a_time():
    tl = Timeline()
    tl.run(iter([100.0]))
    with pytest.raises(RuntimeError):
        tl.run(iter([1.0]))


def test_side_tasks_run_in_parallel_and_do_not_block_input():
    done = []
    tl = Timeline()
    tl.spawn(iter([30.0, 30.0]), on_done=lambda: done.append("side"))
    assert not tl.running and tl.busy
    tl.run(iter([10.0]), on_done=lambda: done.append("main"))
    tl.update(10)
    assert done == ["main"]
    tl.update(50)
    assert done == ["main", "side"] and not tl.busy


def test_wait_sprites_holds_until_every_sprite_is_done_and_sprites_clear_at_the_end():
    log = []
    tl = Timeline()
    s = _Sprite(100)

    def gen():
        tl.add(s)
        yield from tl.wait_sprites(step_ms=10)
        log.append("landed")

    tl.run(gen())
    tl.update(50)
    assert log == [] and tl.sprites == [s]
    tl.update(60)
    assert log == ["landed"] and tl.sprites == [] and not tl.busy


def test_finish_runs_everything_to_its_end_and_on_idle_fires():
    idle = []
    tl = Timeline(on_idle=lambda: idle.append(True))
    side_sprite = _Sprite(10_000)
    tl.add(side_sprite)
    tl.spawn(iter([500.0, 500.0]))
    tl.run(iter([1000.0, 1000.0, 1000.0]))
    tl.finish()
    assert not tl.running and not tl._side and idle == [True]


def test_finish_is_guarded_against_a_choreography_that_never_ends():
    def forever():
        while True:
            yield 1.0

    tl = Timeline()
    tl.run(forever())
    tl.finish()  # returns (guarded) instead of hanging
    assert tl.running


def test_cancel_drops_everything_without_running_the_ends():
    done = []
    tl = Timeline()
    tl.run(iter([100.0]), on_done=lambda: done.append(1))
    tl.add(_Sprite(100))
    tl.cancel()
    assert not tl.busy and done == []
