"""Runs programs on jax (8 CPU devices), each in a fresh namespace in one process, and prints
`name OK` or `name RAISE <line> <error>` (the line is the last traceback frame in that file).

    XLA_FLAGS=--xla_force_host_platform_device_count=8 JAX_PLATFORMS=cpu python3 run_all.py FILE...
"""
import runpy
import sys
import traceback

import jax  # noqa: F401  (imported once for all programs)

for path in sys.argv[1:]:
    name = path.rsplit("/", 1)[-1]
    try:
        runpy.run_path(path, run_name="__main__")
        print(name, "OK", flush=True)
    except SystemExit as exc:
        if exc.code in (None, 0):
            print(name, "OK", "(exit 0)", flush=True)
            continue
        print(name, "RAISE", None, "SystemExit", exc.code, flush=True)
    except BaseException as exc:  # noqa: BLE001
        line = None
        for frame in traceback.extract_tb(exc.__traceback__):
            if frame.filename.endswith(name):
                line = frame.lineno
        text = " ".join(str(exc).split())[:160]
        print(name, "RAISE", line, type(exc).__name__, text, flush=True)
