"""Long calls end on timeout= with gdlsc.LimitError and on Ctrl-C with KeyboardInterrupt, and
the next call works (issue 28, item 1)."""
import os
import signal
import subprocess
import sys
import textwrap
import time

from conftest import EXAMPLES, gdlsc

LONG = EXAMPLES / "blind_tictactoe" / "blind_tictactoe.kif"  # the whole-game fixpoint: ~80 s


def test_a_timeout_ends_a_long_proof_and_the_next_call_works():
    game = gdlsc.Game.load(LONG)
    t0 = time.monotonic()
    try:
        game.prove("legal-knowledge", timeout=1)
        raise AssertionError("the proof should have reached its time limit")
    except gdlsc.LimitError as e:
        assert e.exit_code == 4 and "time limit" in str(e)
    assert time.monotonic() - t0 < 10
    assert game.prove("legal-knowledge", depth=1).verdict == "holds"


def test_ctrl_c_ends_a_long_proof_and_the_next_call_works():
    # A SIGINT sent to a process running a long proof, as Ctrl-C in a terminal would.
    script = textwrap.dedent(f"""
        import sys, time, gdlsc
        game = gdlsc.Game.load({str(LONG)!r})
        print("proving", flush=True)
        t0 = time.monotonic()
        try:
            game.prove("legal-knowledge", timeout=300)
            print("finished?!")
        except KeyboardInterrupt:
            print("interrupted after %.1f s" % (time.monotonic() - t0), flush=True)
        print("next", game.prove("legal-knowledge", depth=1).verdict, flush=True)
        print("infoset", game.information_set("white", "((mark 1 1) (mark 2 2) (tiebreak x))").developments, flush=True)
    """)
    p = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         env=os.environ)
    assert p.stdout.readline().strip() == "proving"
    time.sleep(1.5)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    lines = out.splitlines()
    assert lines[0].startswith("interrupted after"), out + err
    assert float(lines[0].split()[2]) < 5, out
    assert lines[1] == "next holds", out + err
    assert len(lines) > 2 and lines[2].startswith("infoset "), out + err
    assert p.returncode == 0, err


def test_the_gil_is_released_during_a_long_call():
    import threading

    game = gdlsc.Game.load(LONG)
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.05)

    t = threading.Thread(target=tick)
    t.start()
    try:
        game.prove("legal-knowledge", timeout=1)
    except gdlsc.LimitError:
        pass
    finally:
        done.set()
        t.join()
    assert len(ticks) >= 10  # the other thread ran while the proof did
