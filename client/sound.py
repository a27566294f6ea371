"""Sound effects and a music loop synthesized in code (WAV bytes, no numpy, no files).

Every effect is a few thousand samples computed with ``math`` and wrapped in a
WAV header by :mod:`wave`; pygame loads it from memory.  If the mixer cannot
start (no audio device), :class:`Sounds` silently becomes a null object.
"""

from __future__ import annotations

import contextlib
import io
import math
import random
import struct
import threading
import wave
from collections.abc import Callable

import pygame

RATE = 22050


def to_wav(samples: list[float], rate: int = RATE) -> bytes:
    """Mono float samples in [-1, 1] as 16-bit WAV bytes."""
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        clipped = (max(-1.0, min(1.0, s)) for s in samples)
        w.writeframes(struct.pack(f"<{len(samples)}h", *(int(s * 32000) for s in clipped)))
    return buf.getvalue()


def _env(i: int, n: int, attack: int = 40) -> float:
    """A short attack and exponential decay envelope."""
    a = min(1.0, i / attack) if attack else 1.0
    return a * math.exp(-5.0 * i / n)


def tone(freqs: list[float], dur: float, vol: float = 0.5, shape: str = "sine",
         decay: float = 5.0) -> list[float]:
    """A chord of ``freqs`` with a plucked envelope."""
    n = int(RATE * dur)
    out = []
    for i in range(n):
        t = i / RATE
        v = 0.0
        for f in freqs:
            ph = 2 * math.pi * f * t
            if shape == "square":
                v += 0.6 if math.sin(ph) > 0 else -0.6
            elif shape == "tri":
                v += 2 / math.pi * math.asin(math.sin(ph))
            else:
                v += math.sin(ph) + 0.25 * math.sin(2 * ph)
        a = min(1.0, i / 60)
        out.append(vol * a * math.exp(-decay * i / n) * v / len(freqs))
    return out


def noise(dur: float, vol: float, seed: int, lowpass: float = 0.5, decay: float = 8.0,
          sweep: float = 0.0) -> list[float]:
    """Filtered noise burst (card snaps and swishes); ``sweep`` opens the filter over time."""
    rng = random.Random(seed)
    n = int(RATE * dur)
    out = []
    y = 0.0
    for i in range(n):
        k = min(0.98, max(0.02, lowpass + sweep * (i / n)))
        y += k * (rng.uniform(-1, 1) - y)
        out.append(vol * y * _env(i, n, 20) * math.exp(-(decay - 5) * i / n))
    return out


def seq(*parts: list[float], gap: float = 0.0) -> list[float]:
    """Concatenate sounds with ``gap`` seconds of overlap-free silence."""
    out: list[float] = []
    for p in parts:
        out.extend(p)
        out.extend([0.0] * int(RATE * gap))
    return out


def mix(a: list[float], b: list[float], offset: float = 0.0) -> list[float]:
    """``b`` added onto ``a`` starting ``offset`` seconds in."""
    off = int(RATE * offset)
    out = list(a) + [0.0] * max(0, off + len(b) - len(a))
    for i, v in enumerate(b):
        out[off + i] += v
    return out


def _effects() -> dict[str, Callable[[], list[float]]]:
    c5, e5, g5, c6 = 523.25, 659.25, 783.99, 1046.5
    return {
        "click": lambda: tone([1400], 0.04, 0.35, "sine", 9),
        "tick": lambda: tone([900], 0.03, 0.25, "sine", 9),
        "card": lambda: mix(noise(0.07, 0.9, 1, 0.55, 14), tone([180], 0.05, 0.3, "sine", 10)),
        "deal": lambda: noise(0.09, 0.55, 2, 0.25, 10, 0.5),
        "collect": lambda: noise(0.22, 0.45, 3, 0.1, 6, 0.4),
        "bid": lambda: tone([660, 990], 0.12, 0.35, "sine", 6),
        "pass": lambda: tone([392], 0.1, 0.3, "tri", 7),
        "error": lambda: seq(tone([160], 0.08, 0.35, "square", 3), tone([130], 0.1, 0.35, "square", 3)),
        "turn": lambda: seq(tone([e5], 0.07, 0.3), tone([g5], 0.12, 0.3)),
        "banner": lambda: seq(tone([c5, e5], 0.08, 0.4), tone([e5, g5], 0.08, 0.4), tone([g5, c6], 0.25, 0.45)),
        "score": lambda: seq(tone([988], 0.05, 0.35), tone([1319], 0.18, 0.35)),
        "lose": lambda: seq(tone([392], 0.15, 0.35, "tri"), tone([330], 0.15, 0.35, "tri"),
                            tone([262], 0.4, 0.35, "tri", 3)),
        "win": lambda: seq(*(tone([f, f * 1.5], 0.11, 0.4) for f in (c5, e5, g5, c6)),
                           tone([c6, c6 * 1.26, c6 * 1.5], 0.7, 0.45, "sine", 3)),
    }


def music_loop() -> list[float]:
    """An 8-bar, soft, slow arpeggio over four chords (about 9.6 s, loops seamlessly)."""
    chords = [(220.0, 261.63, 329.63), (174.61, 220.0, 261.63), (130.81, 164.81, 196.0),
              (196.0, 246.94, 293.66)]
    beat = 0.3
    n_beat = int(RATE * beat)
    out: list[float] = []
    for bar in range(8):
        ch = chords[(bar // 2) % 4]
        pattern = [ch[0], ch[1], ch[2], ch[1] * 2, ch[2], ch[1], ch[0] * 2, ch[2]]
        for f in pattern[:4]:
            for i in range(n_beat):
                t = i / RATE
                env = min(1.0, i / 200) * math.exp(-3.0 * i / n_beat)
                pad = 0.05 * math.sin(2 * math.pi * ch[0] / 2 * (len(out) / RATE))
                out.append(0.16 * env * math.sin(2 * math.pi * f * t) + pad)
    return out


class NullSound:
    """Stands in for a pygame Sound when there is no mixer."""

    def play(self, *args: object, **kwargs: object) -> None:
        """Do nothing."""

    def set_volume(self, v: float) -> None:
        """Do nothing."""

    def stop(self) -> None:
        """Do nothing."""


class Sounds:
    """The game's effects; ``play(name)`` respects the volume and mute settings."""

    def __init__(self, enabled: bool = True) -> None:
        self.volume = 0.7
        self.music_volume = 0.3
        self.muted = False
        self.ok = False
        self._sounds: dict[str, pygame.mixer.Sound | NullSound] = {}
        self._music: pygame.mixer.Sound | None = None
        self._music_channel: pygame.mixer.Channel | None = None
        if not enabled:
            return
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(RATE, -16, 1, 512)
            self.ok = True
        except pygame.error:
            self.ok = False
            return
        for name, make in _effects().items():
            try:
                self._sounds[name] = pygame.mixer.Sound(file=io.BytesIO(to_wav(make())))
            except pygame.error:
                self._sounds[name] = NullSound()
        threading.Thread(target=self._make_music, name="bella-music", daemon=True).start()

    def _make_music(self) -> None:
        try:
            self._music = pygame.mixer.Sound(file=io.BytesIO(to_wav(music_loop())))
            self.apply_music()
        except pygame.error:
            self._music = None

    def configure(self, volume: float, music_volume: float, muted: bool) -> None:
        """Apply the settings' volumes."""
        self.volume, self.music_volume, self.muted = volume, music_volume, muted
        self.apply_music()

    def apply_music(self) -> None:
        """Start, stop or re-level the music loop to match the settings."""
        if not self.ok or self._music is None:
            return
        v = 0.0 if self.muted else self.music_volume
        try:
            if v <= 0.001:
                if self._music_channel is not None:
                    self._music_channel.stop()
                    self._music_channel = None
                return
            self._music.set_volume(v)
            if self._music_channel is None or not self._music_channel.get_busy():
                self._music_channel = self._music.play(loops=-1)
        except pygame.error:
            pass

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play effect ``name`` (unknown names and no-mixer are silently ignored)."""
        if self.muted or not self.ok or self.volume <= 0:
            return
        s = self._sounds.get(name)
        if s is None:
            return
        try:
            s.set_volume(self.volume * volume)
            s.play()
        except pygame.error:
            pass

    def names(self) -> list[str]:
        """The loaded effect names."""
        return sorted(self._sounds)

    def stop(self) -> None:
        """Stop everything (used on quit)."""
        if self.ok:
            with contextlib.suppress(pygame.error):
                pygame.mixer.stop()
