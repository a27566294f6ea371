"""A real window under X (Xvfb): play a few tricks with real key presses, save screenshots.

Uses ``$DISPLAY`` when set (CI starts Xvfb and exports it); otherwise starts a
private Xvfb if the binary exists; skipped only when no X server can be had.
Keys are sent with xdotool to the SDL window, exactly as a person would type.
Screenshots go to ``artifacts/`` (gitignored).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"

pytestmark = pytest.mark.xvfb


def _x_ready(display: str) -> bool:
    if shutil.which("xdpyinfo") is None:
        return True
    return subprocess.run(["xdpyinfo", "-display", display], capture_output=True, timeout=10).returncode == 0


@pytest.fixture(scope="module")
def display() -> Iterator[str]:
    """An X display: $DISPLAY, or a private Xvfb started here."""
    env_display = os.environ.get("DISPLAY")
    if env_display:
        if not _x_ready(env_display):
            pytest.skip(f"DISPLAY={env_display} is set but no X server answers")
        yield env_display
        return
    if shutil.which("Xvfb") is None:
        pytest.skip("no X server: DISPLAY is unset and Xvfb is not installed")
    num = next((n for n in range(91, 140) if not Path(f"/tmp/.X{n}-lock").exists()), None)
    if num is None:
        pytest.skip("no free X display number")
    disp = f":{num}"
    proc = subprocess.Popen(["Xvfb", disp, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not _x_ready(disp):
            time.sleep(0.05)
        if not _x_ready(disp):
            pytest.skip("Xvfb did not start")
        yield disp
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()


def _report(path: Path) -> dict:  # type: ignore[type-arg]
    try:
        return json.loads(path.read_text())  # type: ignore[no-any-return]
    except (OSError, ValueError):
        return {}


@pytest.mark.parametrize("game,players", [("klaberjass", 2), ("belote", 4)])
def test_real_window_plays_tricks_and_saves_a_screenshot(display: str, tmp_path: Path, game: str,
                                                         players: int) -> None:
    if shutil.which("xdotool") is None:
        pytest.skip("xdotool is not installed")
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / f"xvfb_{game}.png"
    shot.unlink(missing_ok=True)
    report = tmp_path / "report.json"
    errpath = tmp_path / "stderr.txt"
    errlog = errpath.open("w")
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", BELLA_REPORT=str(report),
               XDG_CONFIG_HOME=str(tmp_path / "cfg"), PYGAME_HIDE_SUPPORT_PROMPT="1")
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--game", game, "--players", str(players),
                             "--seed", "8", "--level", "easy", "--windowed", "1280x720", "--speed", "3",
                             "--screenshot", str(shot)], env=env, cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=errlog)
    try:
        found = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(proc.pid)],
                               env=env, capture_output=True, text=True, timeout=30)
        win = found.stdout.split()[0] if found.stdout.split() else ""
        assert win, f"no window found: {found.stderr}"
        deadline = time.monotonic() + 90
        tricks = 0
        while time.monotonic() < deadline:
            state = _report(report)
            tricks = int((state.get("table") or {}).get("tricks", 0)) + 8 * int(
                (state.get("table") or {}).get("deals", 0))
            if tricks >= 3:
                break
            assert proc.poll() is None, f"client died: {errpath.read_text()[-2000:]}"
            if (state.get("table") or {}).get("my_turn") or state.get("scene") != "TableScene":
                subprocess.run(["xdotool", "key", "--window", win, "Return"], env=env, timeout=10)
            time.sleep(0.3)
        assert tricks >= 3, f"only {tricks} tricks were played: {_report(report)}"
        if shutil.which("import"):
            subprocess.run(["import", "-window", win, str(ARTIFACTS / f"xvfb_{game}_x11.png")], env=env,
                           timeout=30, capture_output=True)
        if game == "belote":  # F11 fullscreen on a real X server, then back to the window
            for attempt in range(3):  # a key sent while the window is busy can be lost: retry
                subprocess.run(["xdotool", "key", "--window", win, "F11"] if attempt == 0 else
                               ["xdotool", "key", "F11"], env=env, timeout=10)
                deadline = time.monotonic() + 6
                while time.monotonic() < deadline and not _report(report).get("fullscreen"):
                    time.sleep(0.1)
                if _report(report).get("fullscreen"):
                    break
            full = _report(report)
            assert full.get("fullscreen") and full["size"][0] > 1280, full
            if shutil.which("import"):
                subprocess.run(["import", "-window", "root", str(ARTIFACTS / "xvfb_fullscreen.png")], env=env,
                               timeout=30, capture_output=True)
            # after a mode change SDL owns a new X window: type to the focused window (XTEST)
            for _ in range(3):
                subprocess.run(["xdotool", "key", "F11"], env=env, timeout=10)
                deadline = time.monotonic() + 6
                while time.monotonic() < deadline and _report(report).get("fullscreen"):
                    time.sleep(0.1)
                if not _report(report).get("fullscreen"):
                    break
            back = _report(report)
            assert not back.get("fullscreen") and back["size"] == [1280, 720], back
        for attempt in range(3):  # Ctrl+Q quits (saving the screenshot); retry a lost key press
            cmd = ["xdotool", "key", "--window", win, "ctrl+q"] if attempt == 0 and game != "belote" else [
                "xdotool", "key", "ctrl+q"]
            subprocess.run(cmd, env=env, timeout=10)
            try:
                proc.wait(10)
                break
            except subprocess.TimeoutExpired:
                continue
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        errlog.close()
    assert proc.returncode == 0, errpath.read_text()[-2000:]
    assert shot.is_file() and shot.stat().st_size > 10_000
    final = _report(report)
    assert final["size"] == [1280, 720] and not final["fullscreen"] and final["table"]["game"] == game
