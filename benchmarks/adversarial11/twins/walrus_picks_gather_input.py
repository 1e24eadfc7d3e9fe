"""A walrus in an if test rebinds the value gathered to reduced: the block, which varies."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


def main(mesh, x):
    def body(block):
        total = jax.lax.psum(block, "j")
        source = total
        if (other := block) is not None:
            print("gathering the block")
        return jax.lax.all_gather(source, "j", axis=1, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
