"""The approximation comes from a parameter no call in the file passes: which case of the table
applies is not known, so nothing is judged."""
import functools

import jax
from jax.sharding import PartitionSpec as P


def make_body(approximate):
    act = functools.partial(jax.nn.gelu, approximate=approximate)

    def body(x):
        full = jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")
        return act(full)

    return body


def main(mesh, x, approximate=True):
    return jax.shard_map(make_body(approximate), mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
