"""As od4, but the bound `sum_axes` is (%DATA,), the one axis the loss varies on: the psum is
accepted."""
import re

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

BINDINGS = """
DATA = 'data'
MODEL = 'model'
loss.sum_axes = (%DATA,)
"""


def parse(text):
    macros, bound = {}, {}
    for raw in text.splitlines():
        if not raw.strip():
            continue
        lhs, rhs = (part.strip() for part in raw.split("=", 1))
        value = eval(re.sub(r"%(\w+)", r"_M['\1']", rhs), {"__builtins__": {}}, {"_M": macros})
        if "." in lhs:
            bound[lhs.rsplit(".", 1)[1]] = value
        else:
            macros[lhs] = value
    return bound


def make_body(sum_axes):
    def body(x):
        return jax.lax.psum(jnp.sum(x), sum_axes)  # none

    return body


def main():
    bound = parse(BINDINGS)
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(bound["sum_axes"]), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
