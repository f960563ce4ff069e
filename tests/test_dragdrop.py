"""scenes/kit/dragdrop.py: the generic drag-and-drop controller on its own (no window needed)."""
import pygame
import pytest

from scenes.kit.dragdrop import DragController, best_target, overlap_area

DOWN, UP, MOTION, KEYDOWN = pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.KEYDOWN


def ev(kind, pos=None, button=1, key=None):
    d = {}
    if pos is not None:
        d["pos"] = pos
    if kind in (DOWN, UP):
        d["button"] = button
    if kind == MOTION:
        d.update(rel=(0, 0), buttons=(1, 0, 0))
    if kind == KEYDOWN:
        d["key"] = key
    return pygame.event.Event(kind, d)


class Board:
    """A toy scene: one draggable piece at (0,0,40,40), two targets, one forbidden rect."""

    def __init__(self):
        self.home = pygame.Rect(0, 0, 40, 40)
        self.targets = [("A", pygame.Rect(200, 0, 50, 50)), ("B", pygame.Rect(260, 0, 50, 50))]
        self.other = pygame.Rect(0, 200, 40, 40)  # an item that is not draggable
        self.drops = []
        self.accept = True
        self.changes = 0
        self.dc = DragController(
            hit_test=self.hit,
            item_rect=lambda item: self.home if item == "piece" else self.other,
            draggable=lambda item: item == "piece",
            drop_targets=lambda item: list(self.targets),
            on_drop=self.on_drop,
            on_change=self.on_change,
        )

    def hit(self, pos):
        if self.home.collidepoint(pos):
            return "piece"
        if self.other.collidepoint(pos):
            return "rock"
        return None

    def on_drop(self, item, target, rect):
        self.drops.append((item, target, None if rect is None else tuple(rect)))
        return self.accept

    def on_change(self):
        self.changes += 1

    def drag(self, start, path):
        dc = self.dc
        assert dc.handle_event(ev(DOWN, start))
        for p in path:
            dc.handle_event(ev(MOTION, p))
        return dc.handle_event(ev(UP, path[-1] if path else start))


def test_overlap_and_best_target():
    a = pygame.Rect(0, 0, 10, 10)
    assert overlap_area(a, pygame.Rect(5, 5, 10, 10)) == 25
    assert overlap_area(a, pygame.Rect(20, 20, 5, 5)) == 0
    targets = [("x", pygame.Rect(0, 0, 10, 10)), ("y", pygame.Rect(10, 0, 10, 10))]
    assert best_target(targets, pygame.Rect(3, 0, 10, 10), None) == "x"  # 70 vs 30
    assert best_target(targets, pygame.Rect(8, 0, 10, 10), None) == "y"  # 20 vs 80
    # no real overlap: falls back to the target under the pointer
    assert best_target(targets, pygame.Rect(100, 100, 10, 10), (15, 5)) == "y"
    assert best_target(targets, pygame.Rect(100, 100, 10, 10), (50, 50)) is None


def test_drag_drops_on_largest_overlap_keeping_grab_offset():
    b = Board()
    # grab the piece 10 px right/down of its corner, release with the piece mostly over B
    b.drag((10, 10), [(100, 10), (262, 12)])
    assert b.drops == [("piece", "B", (252, 2, 40, 40))]
    assert not b.dc.dragging and b.dc.selected is None and b.dc.targets == []


def test_drag_rect_follows_pointer_and_targets_highlight():
    b = Board()
    dc = b.dc
    dc.handle_event(ev(DOWN, (5, 5)))
    assert not dc.dragging and dc.active_item == "piece"
    dc.handle_event(ev(MOTION, (7, 6)))  # < 4 px: still a click
    assert not dc.dragging
    dc.handle_event(ev(MOTION, (50, 60)))
    assert dc.dragging
    assert dc.drag_rect() == pygame.Rect(45, 55, 40, 40)
    assert dc.display_rect("piece") == pygame.Rect(45, 55, 40, 40)
    assert [t for t, _ in dc.targets] == ["A", "B"]
    dc.handle_event(ev(MOTION, (215, 15)))
    assert dc.hover_target == "A"


def test_drop_outside_snaps_back_with_animation():
    b = Board()
    b.drag((10, 10), [(100, 300), (120, 320)])
    assert b.drops == []
    dc = b.dc
    r = dc.display_rect("piece")
    assert r is not None and r.topleft == (110, 310)  # starts where it was released
    assert dc.busy()
    dc.update(100)
    mid = dc.display_rect("piece")
    assert 0 < mid.x < 110
    dc.update(150)  # 250 ms > 200 ms: home again
    assert dc.display_rect("piece") is None and not dc.busy()


def test_rejected_drop_snaps_back():
    b = Board()
    b.accept = False
    b.drag((10, 10), [(100, 10), (215, 15)])
    assert b.drops and b.drops[0][1] == "A"
    assert b.dc.display_rect("piece") is not None  # snapping back
    b.dc.update(1000)
    assert b.dc.display_rect("piece") is None


def test_tiny_move_is_a_click_and_click_click_drops():
    b = Board()
    dc = b.dc
    dc.handle_event(ev(DOWN, (10, 10)))
    dc.handle_event(ev(MOTION, (12, 11)))
    dc.handle_event(ev(UP, (12, 11)))
    assert dc.selected == "piece" and not b.drops
    assert [t for t, _ in dc.targets] == ["A", "B"]
    dc.handle_event(ev(MOTION, (270, 10)))
    assert dc.hover_target == "B"
    assert dc.handle_event(ev(DOWN, (270, 10)))
    assert dc.handle_event(ev(UP, (270, 10)))
    assert b.drops == [("piece", "B", None)]
    assert dc.selected is None


def test_click_selected_again_or_elsewhere_or_escape_or_right_click_cancels():
    b = Board()
    dc = b.dc
    for cancel in ("again", "elsewhere", "esc", "right"):
        dc.handle_event(ev(DOWN, (10, 10)))
        dc.handle_event(ev(UP, (10, 10)))
        assert dc.selected == "piece"
        if cancel == "again":
            dc.handle_event(ev(DOWN, (10, 10)))
            dc.handle_event(ev(UP, (10, 10)))
        elif cancel == "elsewhere":
            assert not dc.handle_event(ev(DOWN, (600, 600)))  # not consumed: the scene may use it
            dc.handle_event(ev(UP, (600, 600)))
        elif cancel == "esc":
            assert dc.handle_event(ev(KEYDOWN, key=pygame.K_ESCAPE))
        else:
            assert dc.handle_event(ev(DOWN, (600, 600), button=3))
        assert dc.selected is None and dc.targets == [], cancel
    assert b.drops == []
    # Esc with nothing to cancel is not consumed (the scene opens its pause menu)
    assert not dc.handle_event(ev(KEYDOWN, key=pygame.K_ESCAPE))


def test_escape_during_drag_snaps_back():
    b = Board()
    dc = b.dc
    dc.handle_event(ev(DOWN, (10, 10)))
    dc.handle_event(ev(MOTION, (150, 150)))
    assert dc.handle_event(ev(KEYDOWN, key=pygame.K_ESCAPE))
    assert not dc.dragging and dc.display_rect("piece") is not None
    dc.handle_event(ev(UP, (150, 150)))  # the release after the cancel is harmless
    assert b.drops == []
    dc.update(500)
    assert dc.display_rect("piece") is None


def test_release_on_target_off_press_keeps_selection():
    b = Board()
    dc = b.dc
    dc.handle_event(ev(DOWN, (10, 10)))
    dc.handle_event(ev(UP, (10, 10)))
    dc.handle_event(ev(DOWN, (210, 10)))
    dc.handle_event(ev(UP, (500, 500)))  # released away from the target: no drop
    assert b.drops == [] and dc.selected == "piece"


def test_on_click_callback_can_replace_selection():
    clicks = []
    dc = DragController(
        hit_test=lambda pos: "t" if pygame.Rect(0, 0, 20, 20).collidepoint(pos) else None,
        item_rect=lambda item: pygame.Rect(0, 0, 20, 20),
        draggable=lambda item: True,
        drop_targets=lambda item: [("x", pygame.Rect(100, 0, 20, 20))],
        on_drop=lambda *a: True,
        on_click=lambda item: clicks.append(item) or True,
    )
    dc.handle_event(ev(DOWN, (5, 5)))
    dc.handle_event(ev(UP, (5, 5)))
    assert clicks == ["t"] and dc.selected is None


def test_stray_input_never_raises():
    b = Board()
    dc = b.dc
    stray = [
        ev(UP, (10, 10)),  # release without press
        ev(UP, (10, 10), button=3),
        ev(DOWN, (10, 10), button=2),
        ev(DOWN, (10, 10), button=4),
        ev(DOWN, (10, 10), button=5),
        ev(MOTION, (-5000, 99999)),
        ev(DOWN, (0, 200)),  # not draggable
        ev(UP, (0, 200)),
        ev(DOWN, None),
        ev(UP, None),
        ev(MOTION, None),
        ev(KEYDOWN, key=pygame.K_a),
        pygame.event.Event(pygame.USEREVENT, {}),
    ]
    for e in stray:
        dc.handle_event(e)
    assert b.drops == [] and dc.selected is None and not dc.dragging
    # press during the snap-back animation: the animation ends, the press works normally
    b.drag((10, 10), [(300, 300)])
    assert dc.busy()
    dc.handle_event(ev(DOWN, (10, 10)))
    assert dc.active_item == "piece"
    dc.handle_event(ev(DOWN, (10, 10)))  # a second press without release
    dc.handle_event(ev(UP, (10, 10)))
    dc.handle_event(ev(UP, (10, 10)))
    dc.update(1e6)
    assert not dc.dragging


@pytest.mark.parametrize("accept", [True, False])
def test_reset_forgets_everything(accept):
    b = Board()
    b.accept = accept
    dc = b.dc
    dc.handle_event(ev(DOWN, (10, 10)))
    dc.handle_event(ev(MOTION, (100, 100)))
    dc.reset()
    assert not dc.dragging and not dc.busy() and dc.display_rect("piece") is None
    assert dc.selected is None and dc.active_item is None
