"""As od1, but the bound `log_axis` is the macro MODEL, over which the psum'd counts still vary:
the reduced gather is accepted (the evaluated text decides the axis)."""
import re

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

BINDINGS = """
DATA = 'data'
MODEL = 'model'
hist.count_axis = %DATA
hist.log_axis = %MODEL
"""


def parse(text):
    macros, bound = {}, {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        lhs, rhs = (part.strip() for part in line.split("=", 1))
        rhs = re.sub(r"%(\w+)", lambda m: f"_M[{m.group(1)!r}]", rhs)
        value = eval(rhs, {"__builtins__": {}, "_M": macros})
        if "." in lhs:
            bound[lhs.rsplit(".", 1)[1]] = value
        else:
            macros[lhs] = value
    return bound


def make_body(count_axis, log_axis):
    def body(x):
        counts = jax.lax.psum(jnp.sum(x, axis=0), count_axis)
        return jax.lax.all_gather(counts, log_axis, to="reduced")  # none

    return body


def main():
    bound = parse(BINDINGS)
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data", "model")))
    body = make_body(bound["count_axis"], bound["log_axis"])
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, None, reduced={bound["log_axis"]}))(x)


if __name__ == "__main__":
    main()
