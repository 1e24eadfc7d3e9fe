"""`globals` handed to the text under another name still reads the text's own globals, the
namespace: `"k" in g()` holds, so the program picks 'data' only."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes():
    return ("data",) if eval("'k' in g()", {"k": 1, "g": globals}) else ("data", "model")


def make_body(axes):
    def body(x):
        return jax.lax.psum(jnp.sum(x), axes)  # none

    return body


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data", None)))
    body = make_body(reduction_axes())
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
