import functools
import inspect
import sys
import types

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

CURRENT = {}


def _scope_locals(fn, preset=None):
    found = {}
    scoped = types.FunctionType(fn.__code__, {**fn.__globals__, **(preset or {})}, fn.__name__)

    def profiler(frame, event, arg):
        if event == "return" and frame.f_code is fn.__code__:
            found.update(frame.f_locals)

    previous = sys.getprofile()
    sys.setprofile(profiler)
    try:
        scoped()
    finally:
        sys.setprofile(previous)
    return {k: v for k, v in found.items() if not k.startswith("_")}


def capture(f):
    sig = inspect.signature(f)

    @functools.wraps(f)
    def captured(*args, **kwargs):
        bound = sig.bind_partial(*args, **kwargs)
        for name in sig.parameters:
            if name not in bound.arguments and name in CURRENT:
                kwargs[name] = CURRENT[name]
        return f(*args, **kwargs)

    captured.config_names = list(sig.parameters)
    return captured


def cfg():
    axes = ("i", "j")
    layout = (axes[0], axes[1])


def export_cfg():
    export = (axes[1], None)
    reduced = axes[:1]


@capture
def export(x, export, reduced):
    return top_level_all_gather(x, P(*export, reduced=set(reduced)))  # SF104


def main():
    CURRENT.update(_scope_locals(cfg))
    CURRENT.update(_scope_locals(export_cfg, CURRENT))
    mesh = jax.make_mesh((2, 4), CURRENT["axes"])
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(*CURRENT["layout"])))
    with jax.set_mesh(mesh):
        return export(x)


if __name__ == "__main__":
    main()
