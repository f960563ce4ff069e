"""The smallest pygame-ce app: the baseline that tools/bench_startup.py compares Tatami against.

Initialises pygame, opens a 1280x720 window, draws one frame with rendered text and flips it.
With --quit-after-first-frame it exits right after that first frame (start-up benchmark);
otherwise it waits until the window is closed.
"""
import sys

import pygame


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    pygame.init()
    screen = pygame.display.set_mode((1280, 720))
    pygame.display.set_caption("minimal")
    font = pygame.font.Font(None, 48)  # pygame's bundled freesansbold.ttf
    screen.fill((245, 240, 225))
    screen.blit(font.render("Hello, Tatami", True, (30, 30, 30)), (40, 40))
    pygame.display.flip()
    if "--quit-after-first-frame" in argv:  # said the moment the frame is shown (as Tatami does)
        print("minimal: first frame", flush=True)
    else:
        clock = pygame.time.Clock()
        while not any(e.type == pygame.QUIT for e in pygame.event.get()):
            clock.tick(30)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
