"""As ck3, but the slice starts past the spec's named axes (`P("i", None)[1:]` is `(None,)`): the
sum runs over "i" only, which is legal."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STATE = P("i", None)


def main():
    sync = ("i", *(axis for axis in STATE[1:] if axis is not None))
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, sync)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
