"""Logical axis names resolved through a ContextVar of rules: the inner scope that maps
"hidden" to "j" has exited (its token reset) before the axis is read, so the outer rule
("i", the axis the block still varies on) holds: it runs."""
import contextlib
import contextvars

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

_RULES = contextvars.ContextVar("rules", default=())


@contextlib.contextmanager
def axis_rules(rules):
    token = _RULES.set(tuple(rules.items()))
    try:
        yield
    finally:
        _RULES.reset(token)


def logical(name):
    return dict(_RULES.get()).get(name, name)


def resolve(spec):
    return P(*(logical(d) for d in spec._partitions))


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    with axis_rules({"hidden": "i", "batch": "i", "model": "j"}):
        with axis_rules({"hidden": "j"}):
            pass
        axis = logical("hidden")
        specs = resolve(P("batch", "model"))

        def body(block):
            total = jax.lax.psum(block, "j")
            return jax.lax.all_gather(total, axis, tiled=True, to="reduced")  # none

        return jax.shard_map(body, mesh=mesh, in_specs=specs, out_specs=P(None, None, reduced={axis}))(x)


if __name__ == "__main__":
    main()
