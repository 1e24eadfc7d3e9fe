"""Imports each library module (under its own name, not `__main__`) and runs the importer scenario of
its docstring (the indented block after "Importer:", with `mod`, `np`, `jax`, `collections` bound);
prints `name OK` or `name RAISE <line> <error>` (the line is the last traceback frame in the module).

    XLA_FLAGS=--xla_force_host_platform_device_count=8 JAX_PLATFORMS=cpu python3 run_all.py FILE...
"""
import collections
import importlib.util
import sys
import textwrap
import traceback

import jax
import numpy as np

for path in sys.argv[1:]:
    name = path.rsplit("/", 1)[-1]
    modname = "adv28_" + name[:-3]
    try:
        spec = importlib.util.spec_from_file_location(modname, path)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[modname] = mod
        spec.loader.exec_module(mod)
        doc = mod.__doc__.split("Importer:\n", 1)[1]
        scenario = textwrap.dedent(doc)
        exec(compile(scenario, "<importer>", "exec"), {"mod": mod, "np": np, "jax": jax, "collections": collections})
        print(name, "OK", flush=True)
    except BaseException as exc:  # noqa: BLE001
        line = None
        for frame in traceback.extract_tb(exc.__traceback__):
            if frame.filename.endswith(name):
                line = frame.lineno
        text = " ".join(str(exc).split())[:160]
        print(name, "RAISE", line, type(exc).__name__, text, flush=True)
    finally:
        sys.modules.pop(modname, None)
