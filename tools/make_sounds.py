"""Synthesise Tatami's sound effects into assets/sounds/*.wav (original, deterministic).

    python tools/make_sounds.py [--out DIR] [--report]

Standard library only (``math``, ``random`` with fixed seeds, ``struct``, ``wave``): every run
writes the same 16-bit mono 22050 Hz WAV files. Each sound is built from damped sinusoids
(modal synthesis of wood / metal), filtered noise and additive plucked strings, then
DC-blocked, normalised to its own peak level (always <= -1 dBFS) and ended with a
raised-cosine fade-out to exact silence (no click at the end; every file also starts at 0).

| file          | event                                | how it is made                                   |
| ------------- | ------------------------------------ | ------------------------------------------------ |
| capture.wav   | the Kaito lands on a tile (capture)  | two hard-wood tile bodies + contact noise + bounce |
| slide.wav     | the Kaito starts a move              | band-passed noise, centre swept up then down      |
| place.wav     | the Kaito is placed (opening)        | rounder, lower wood block with a board thump      |
| coins.wav     | a buy-back (Mon tiles paid)          | two metal-disc clinks and a soft E6/B6 bell dyad  |
| click.wav     | UI button / choice                   | tiny damped 2.2 kHz tick                          |
| error.wav     | illegal drop, the piece snaps back   | dull low knock with a falling pitch               |
| victory.wav   | game end: a human won (or AI vs AI)  | koto-like plucks, yo scale D4 G4 A4 B4 D5         |
| defeat.wav    | game end: the only human lost        | softer, darker plucks, miyako-bushi B3 A3 F3 E3   |

``--report`` prints duration, peak / RMS level and the level of the last 10 ms of each file.
"""
from __future__ import annotations

import argparse
import math
import random
import struct
import sys
import wave
from pathlib import Path
from typing import Callable

RATE = 22050
TAU = 2.0 * math.pi
ROOT = Path(__file__).resolve().parents[1]
OUT_DIR = ROOT / "assets" / "sounds"

Signal = list  # list[float], samples at RATE


# ------------------------------------------------------------------------------------------
# building blocks
# ------------------------------------------------------------------------------------------
def n_of(seconds: float) -> int:
    return int(round(seconds * RATE))


def zeros(seconds: float) -> Signal:
    return [0.0] * n_of(seconds)


def mix_into(buf: Signal, sig: Signal, at: float = 0.0, gain: float = 1.0) -> None:
    """Add ``sig`` * gain into ``buf`` starting at ``at`` seconds (clipped to buf's length)."""
    start = n_of(at)
    for i, v in enumerate(sig):
        j = start + i
        if j >= len(buf):
            break
        buf[j] += v * gain


def mode(freq: float, tau: float, seconds: float, amp: float = 1.0, attack: float = 0.0008,
         phase: float = 0.0, glide: float = 0.0, glide_tau: float = 0.05) -> Signal:
    """A damped sinusoid (one vibration mode): amp * exp(-t/tau) * sin(phase(t)).

    ``glide``: relative pitch offset at t=0 that decays with ``glide_tau`` (a knock's pitch drop)."""
    out = []
    decay = math.exp(-1.0 / (tau * RATE))
    env = amp
    ph = phase
    na = max(1, n_of(attack))
    for i in range(n_of(seconds)):
        t = i / RATE
        f = freq * (1.0 + glide * math.exp(-t / glide_tau)) if glide else freq
        a = env * (0.5 - 0.5 * math.cos(math.pi * i / na)) if i < na else env
        out.append(a * math.sin(ph))
        ph += TAU * f / RATE
        env *= decay
    return out


def noise_burst(rng: random.Random, tau: float, amp: float = 1.0) -> Signal:
    """White noise with an exponential decay (a contact / pick transient): 14 tau long (down to
    -120 dB, so it never stops abruptly) plus 30 ms of silence for a filter to ring out in."""
    decay = math.exp(-1.0 / (tau * RATE))
    env = amp
    out = []
    for _ in range(n_of(14 * tau)):
        out.append(env * rng.uniform(-1.0, 1.0))
        env *= decay
    return out + zeros(0.03)


def _biquad_coeffs(kind: str, f0: float, q: float) -> tuple[float, float, float, float, float]:
    """RBJ audio-EQ-cookbook biquad, normalised (b0, b1, b2, a1, a2)."""
    f0 = min(max(f0, 10.0), RATE * 0.45)
    w0 = TAU * f0 / RATE
    cw, sw = math.cos(w0), math.sin(w0)
    alpha = sw / (2.0 * q)
    if kind == "lowpass":
        b0, b1, b2 = (1 - cw) / 2, 1 - cw, (1 - cw) / 2
    elif kind == "highpass":
        b0, b1, b2 = (1 + cw) / 2, -(1 + cw), (1 + cw) / 2
    elif kind == "bandpass":  # 0 dB peak gain
        b0, b1, b2 = alpha, 0.0, -alpha
    else:  # pragma: no cover - programming error
        raise ValueError(kind)
    a0 = 1 + alpha
    return b0 / a0, b1 / a0, b2 / a0, (-2 * cw) / a0, (1 - alpha) / a0


def biquad(sig: Signal, kind: str, f0: float | Callable[[float], float], q: float = 0.707) -> Signal:
    """Filter ``sig``; ``f0`` may be a function of time (seconds) for a sweep (updated every 16 samples)."""
    sweep = callable(f0)
    b0, b1, b2, a1, a2 = _biquad_coeffs(kind, f0(0.0) if sweep else f0, q)  # type: ignore[operator]
    x1 = x2 = y1 = y2 = 0.0
    out = []
    for i, x in enumerate(sig):
        if sweep and i % 16 == 0:
            b0, b1, b2, a1, a2 = _biquad_coeffs(kind, f0(i / RATE), q)  # type: ignore[operator]
        y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def dc_block(sig: Signal, cutoff: float = 25.0) -> Signal:
    """One-pole high-pass (removes any DC offset a thump may leave)."""
    r = math.exp(-TAU * cutoff / RATE)
    out = []
    px = py = 0.0
    for x in sig:
        y = x - px + r * py
        px, py = x, y
        out.append(y)
    return out


def pluck(freq: float, seconds: float, rng: random.Random, pos: float = 0.18, tilt: float = 0.9,
          tau0: float = 0.9, max_hz: float = 9000.0, pick: float = 0.12, pick_hz: float = 2600.0,
          bend: float = 0.006, damp_at: float | None = None, damp_tau: float = 0.09) -> Signal:
    """A koto-like plucked string by additive synthesis.

    Harmonic k (slightly stretched: inharmonicity B) has amplitude |sin(pi k pos)| / k**tilt
    (plucked at ``pos`` of the string) and decays faster the higher it is; the pitch starts
    ``bend`` sharp and settles in ~30 ms (the string's tension under the pick); ``pick`` adds the
    ivory plectrum's click (band-passed noise around ``pick_hz``); ``damp_at``: from then on the
    string is muted by the hand (an extra decay of ``damp_tau``)."""
    n = n_of(seconds)
    inharm = 0.00018
    # base phase with the settling pitch
    base = []
    ph = 0.0
    for i in range(n):
        base.append(ph)
        ph += TAU * freq * (1.0 + bend * math.exp(-i / (0.03 * RATE))) / RATE
    tau_f = tau0 * (300.0 / freq) ** 0.3
    out = [0.0] * n
    na = n_of(0.0025)
    k = 1
    while k * freq <= max_hz and k <= 24:
        amp = abs(math.sin(math.pi * k * pos)) / k ** tilt
        if amp > 1e-3:
            stretch = k * math.sqrt(1.0 + inharm * k * k)
            tau = tau_f / (1.0 + 0.45 * (k - 1) ** 1.15)
            decay = math.exp(-1.0 / (tau * RATE))
            env = amp
            phi = rng.uniform(0.0, 0.4)
            for i in range(n):
                out[i] += env * math.sin(stretch * base[i] + phi)
                env *= decay
        k += 1
    for i in range(min(na, n)):  # 2.5 ms raised-cosine attack: starts at exactly 0
        out[i] *= 0.5 - 0.5 * math.cos(math.pi * i / na)
    if damp_at is not None:
        d0 = n_of(damp_at)
        decay = math.exp(-1.0 / (damp_tau * RATE))
        env = 1.0
        for i in range(d0, n):
            out[i] *= env
            env *= decay
    if pick:
        click = biquad(noise_burst(rng, 0.003, pick), "bandpass", pick_hz, 1.2)
        mix_into(out, click)
    return out


def finish(sig: Signal, peak_db: float, fade: float, fade_in: float = 0.0015) -> Signal:
    """DC-block, normalise the peak to ``peak_db`` dBFS, raised-cosine fade-in/out to exact zero."""
    sig = dc_block(sig)
    peak = max(abs(v) for v in sig) or 1.0
    g = 10 ** (peak_db / 20.0) / peak
    sig = [v * g for v in sig]
    n = len(sig)
    nf = min(n, n_of(fade))
    for i in range(nf):  # i = 0 is the last sample
        sig[n - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / nf)
    ni = min(n, n_of(fade_in))
    for i in range(ni):
        sig[i] *= 0.5 - 0.5 * math.cos(math.pi * i / ni)
    # fades only lower samples: the peak stays <= peak_db
    return sig


# ------------------------------------------------------------------------------------------
# the sounds
# ------------------------------------------------------------------------------------------
def wood_hit(rng: random.Random, f0: float, ratios, amps, taus, seconds: float, contact_hz: float,
             contact: float = 0.5) -> Signal:
    sig = [0.0] * n_of(seconds)
    for r, a, t in zip(ratios, amps, taus):
        mix_into(sig, mode(f0 * r * rng.uniform(0.995, 1.005), t, seconds, a, phase=rng.uniform(0, TAU)))
    click = biquad(noise_burst(rng, 0.0015, contact), "bandpass", contact_hz, 0.9)
    mix_into(sig, click)
    return sig


def make_capture() -> Signal:
    """Wooden tile "clack": two hard tile bodies meet, a light bounce, a dull board thump under."""
    rng = random.Random(1001)
    dur = 0.28
    sig = zeros(dur)
    a = wood_hit(rng, 1830.0, (1.0, 1.71, 2.64, 3.62), (1.0, 0.55, 0.32, 0.18), (0.034, 0.022, 0.014, 0.009),
                 dur, 3400.0, 0.9)
    b = wood_hit(rng, 2290.0, (1.0, 1.58, 2.47), (0.7, 0.38, 0.2), (0.026, 0.016, 0.01), dur, 4200.0, 0.5)
    thump = mode(190.0, 0.03, dur, 0.45, glide=0.25, glide_tau=0.015)
    mix_into(sig, a)
    mix_into(sig, b, 0.0015)
    mix_into(sig, thump)
    mix_into(sig, a, 0.041, 0.22)  # the bounce
    return finish(sig, -3.0, 0.06)


def make_slide() -> Signal:
    """A soft slide / whoosh: noise through a band-pass swept 500 -> 1500 -> 800 Hz, gently swelled."""
    rng = random.Random(2002)
    dur = 0.38
    n = n_of(dur)
    raw = [rng.uniform(-1.0, 1.0) for _ in range(n)]

    def centre(t: float) -> float:
        x = t / dur
        return 500.0 + 1000.0 * math.sin(math.pi * min(1.0, x * 1.15)) ** 1.5 + 300.0 * x

    band = biquad(biquad(raw, "bandpass", centre, 1.1), "lowpass", 3200.0, 0.7)
    felt = biquad(raw, "lowpass", 420.0, 0.7)  # a low, felted body under the hiss
    grain = biquad([rng.uniform(-1.0, 1.0) for _ in range(n)], "lowpass", 35.0, 0.7)  # slow friction flutter
    gpk = max(abs(v) for v in grain) or 1.0
    out = []
    for i in range(n):
        x = i / n
        swell = math.sin(math.pi * x ** 0.75) ** 2  # quick rise, longer tail
        out.append(swell * (band[i] + 0.55 * felt[i]) * (1.0 + 0.25 * grain[i] / gpk))
    return finish(out, -11.0, 0.08)


def make_place() -> Signal:
    """Placement "tock": the round wooden Kaito set down on a tile; lower and rounder than a capture."""
    rng = random.Random(3003)
    dur = 0.24
    sig = zeros(dur)
    body = wood_hit(rng, 720.0, (1.0, 2.54, 4.08, 5.9), (1.0, 0.34, 0.14, 0.06), (0.055, 0.024, 0.012, 0.007),
                    dur, 2400.0, 0.35)
    thump = mode(150.0, 0.035, dur, 0.7, glide=0.3, glide_tau=0.012)
    mix_into(sig, biquad(body, "lowpass", 3800.0, 0.7))
    mix_into(sig, thump)
    return finish(sig, -4.0, 0.06)


def make_coins() -> Signal:
    """Mon exchange: two small metal discs clink, then a soft bell dyad (E6 + B6) rings out."""
    rng = random.Random(4004)
    dur = 0.78
    sig = zeros(dur)
    disc = (1.0, 1.59, 2.14, 2.92)  # thin-disc modes (inharmonic: metallic)
    for at, f0, g in ((0.0, 2450.0, 1.0), (0.085, 2980.0, 0.8), (0.145, 2700.0, 0.45)):
        clink = [0.0] * n_of(dur - at)
        for r, a, t in zip(disc, (1.0, 0.6, 0.45, 0.3), (0.22, 0.15, 0.1, 0.07)):
            mix_into(clink, mode(f0 * r, t, dur - at, a, phase=rng.uniform(0, TAU)))
        mix_into(clink, biquad(noise_burst(rng, 0.0012, 0.8), "highpass", 4000.0, 0.7))
        mix_into(sig, clink, at, g)
    bell = [0.0] * n_of(dur - 0.1)
    for f, a in ((1318.5, 0.55), (1975.5, 0.35), (2637.0, 0.12)):  # E6, B6, E7
        mix_into(bell, mode(f, 0.32, dur - 0.1, a, attack=0.006, phase=rng.uniform(0, TAU)))
    mix_into(sig, bell, 0.1, 0.8)
    return finish(sig, -6.0, 0.15)


def make_click() -> Signal:
    """A gentle UI click: a tiny damped tick, lightly wooden."""
    rng = random.Random(5005)
    dur = 0.07
    sig = zeros(dur)
    mix_into(sig, mode(2200.0, 0.007, dur, 1.0, attack=0.0004))
    mix_into(sig, mode(3650.0, 0.0035, dur, 0.45, attack=0.0004, phase=1.0))
    mix_into(sig, mode(900.0, 0.01, dur, 0.35, attack=0.0006))
    mix_into(sig, biquad(noise_burst(rng, 0.0008, 0.4), "highpass", 3000.0, 0.7))
    return finish(sig, -9.0, 0.025, fade_in=0.0004)


def make_error() -> Signal:
    """A short, dull "thunk" (an illegal drop): low knock whose pitch falls, muffled noise."""
    rng = random.Random(6006)
    dur = 0.24
    sig = zeros(dur)
    mix_into(sig, mode(150.0, 0.06, dur, 1.0, attack=0.002, glide=0.45, glide_tau=0.04))
    mix_into(sig, mode(330.0, 0.03, dur, 0.35, attack=0.002, glide=0.3, glide_tau=0.03))
    mix_into(sig, biquad(noise_burst(rng, 0.008, 0.6), "lowpass", 700.0, 0.7))
    mix_into(sig, mode(150.0, 0.04, dur, 0.35, attack=0.002, glide=0.4, glide_tau=0.03), 0.075)
    return finish(biquad(sig, "lowpass", 1800.0, 0.7), -5.0, 0.06, fade_in=0.002)


def make_victory() -> Signal:
    """Koto-like arpeggio up the yo scale (D4 G4 A4 B4 D5) with a low D under the last pluck."""
    rng = random.Random(7007)
    dur = 1.45
    sig = zeros(dur)
    notes = ((0.0, 293.66, 0.8), (0.085, 392.0, 0.8), (0.17, 440.0, 0.85), (0.255, 493.88, 0.85),
             (0.36, 587.33, 1.0), (0.362, 293.66, 0.35))
    for at, f, g in notes:
        mix_into(sig, pluck(f, dur - at, rng), at, g)
    return finish(sig, -3.0, 0.35)


def make_defeat() -> Signal:
    """Lower, softer: down the miyako-bushi (in) scale B3 A3 F3 E3, darker plucks, slower."""
    rng = random.Random(8008)
    dur = 1.45
    sig = zeros(dur)
    # (onset, Hz, gain, muted at): each string is muted soon after the next pluck, so the final
    # F -> E half step resolves instead of beating
    notes = ((0.0, 246.94, 0.8, 0.22), (0.15, 220.0, 0.8, 0.38), (0.3, 174.61, 0.85, 0.52),
             (0.48, 164.81, 1.0, None))
    for at, f, g, muted in notes:
        mix_into(sig, pluck(f, dur - at, rng, pos=0.3, tilt=1.35, tau0=0.8, max_hz=3500.0, pick=0.05,
                            pick_hz=1500.0, bend=0.004, damp_at=None if muted is None else muted - at),
                 at, g)
    return finish(biquad(sig, "lowpass", 2400.0, 0.7), -7.0, 0.4)


SOUNDS: dict[str, Callable[[], Signal]] = {
    "capture": make_capture,
    "slide": make_slide,
    "place": make_place,
    "coins": make_coins,
    "click": make_click,
    "error": make_error,
    "victory": make_victory,
    "defeat": make_defeat,
}


# ------------------------------------------------------------------------------------------
# output
# ------------------------------------------------------------------------------------------
def to_pcm16(sig: Signal) -> bytes:
    ints = [max(-32767, min(32767, int(round(v * 32767.0)))) for v in sig]
    return struct.pack(f"<{len(ints)}h", *ints)


def write_wav(path: Path, sig: Signal) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(to_pcm16(sig))


def read_wav(path: Path) -> tuple[int, list[int]]:
    """(sample rate, 16-bit samples) of a mono WAV."""
    with wave.open(str(path), "rb") as w:
        if w.getnchannels() != 1 or w.getsampwidth() != 2:
            raise ValueError(f"{path}: expected 16-bit mono")
        rate = w.getframerate()
        data = w.readframes(w.getnframes())
    return rate, list(struct.unpack(f"<{len(data) // 2}h", data))


def db(x: float) -> float:
    return 20.0 * math.log10(x) if x > 0 else float("-inf")


def measure(path: Path) -> dict:
    """Duration, peak and RMS (dBFS), level of the last 10 ms, first / last sample of a WAV."""
    rate, s = read_wav(path)
    full = 32767.0
    peak = max(abs(v) for v in s) / full
    rms = math.sqrt(sum(v * v for v in s) / len(s)) / full
    tail = s[-max(1, rate // 100):]
    tail_rms = math.sqrt(sum(v * v for v in tail) / len(tail)) / full
    return {
        "file": path.name, "bytes": path.stat().st_size, "seconds": round(len(s) / rate, 3),
        "peak_dbfs": round(db(peak), 2), "rms_dbfs": round(db(rms), 2),
        "last_10ms_dbfs": round(db(tail_rms), 1), "first": s[0], "last": s[-1],
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=OUT_DIR, help=f"output folder (default {OUT_DIR})")
    p.add_argument("--report", action="store_true", help="print levels and durations of the written files")
    args = p.parse_args(argv)
    for name, make in SOUNDS.items():
        write_wav(args.out / f"{name}.wav", make())
    total = 0
    for name in SOUNDS:
        m = measure(args.out / f"{name}.wav")
        total += m["bytes"]
        if args.report:
            print(f"{m['file']:12} {m['bytes']:7d} B {m['seconds']:6.3f} s  peak {m['peak_dbfs']:6.2f} dBFS  "
                  f"rms {m['rms_dbfs']:6.2f} dBFS  last 10 ms {m['last_10ms_dbfs']:7.1f} dBFS  "
                  f"first/last sample {m['first']}/{m['last']}")
    print(f"wrote {len(SOUNDS)} sounds to {args.out} ({total / 1024:.1f} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
