"""`substitute` is not given `inner`: the template raises KeyError, and the handler's axes are
("i",) alone, on which the partly summed value is in one state."""
import string
import warnings

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = string.Template("sync=${outer},${inner}")


def sync_axes(**names):
    try:
        text = LAYOUT.substitute(names)
    except KeyError:
        return ("i",)
    return tuple(text.partition("=")[2].split(","))


def main():
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        axes = sync_axes(outer="i", inter="j")
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
