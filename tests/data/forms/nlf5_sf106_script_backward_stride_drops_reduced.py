"""A script scales a backwards strided slice of a value reduced on j: `rev` drops the reduced state."""
import jax
from jax.sharding import PartitionSpec as P


def main(mesh, x):
    def body(block):
        g = jax.lax.all_gather(block, "j", axis=1, tiled=True, to="reduced")
        part = g[:, ::-2]
        return part * 2.0

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)


if __name__ == "__main__":
    import numpy as np
    from jax.sharding import NamedSharding
    m = jax.make_mesh((2, 4), ("i", "j"))
    main(m, jax.device_put(np.ones((8, 8), np.float32), NamedSharding(m, P("i", "j"))))
