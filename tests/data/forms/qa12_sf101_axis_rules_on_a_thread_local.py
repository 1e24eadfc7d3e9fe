"""Flax-style logical axis rules kept on a thread-local (`class _AxisRules(threading.local)` with
a class default, set and restored by a context manager); the program runs in one thread, so the
rules read inside the `with` are the ones set: 'mlp' maps to 'tensor', and the psum result,
invariant over 'tensor', is gathered to reduced over 'tensor'."""
import contextlib
import threading

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class _AxisRules(threading.local):
    rules = ()


_axis_rules = _AxisRules()


@contextlib.contextmanager
def axis_rules(rules):
    old = _axis_rules.rules
    _axis_rules.rules = rules
    try:
        yield
    finally:
        _axis_rules.rules = old


def logical_to_mesh_axes(names):
    table = dict(_axis_rules.rules)
    return P(*(table.get(name) for name in names))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "tensor"))
    with axis_rules((("batch", "data"), ("mlp", "tensor"))):
        spec = logical_to_mesh_axes(("batch", "mlp"))
    tp = spec[1]

    def body(v):
        s = jax.lax.psum(v, tp)
        return jax.lax.all_gather(s, tp, axis=0, tiled=True, to="reduced")  # SF101

    fn = jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P("data", None, reduced={tp}))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, spec))
    return jax.jit(fn)(x)


if __name__ == "__main__":
    main()
