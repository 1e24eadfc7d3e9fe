"""Two reduced gathers over different single axes (each input varies on the axis it gathers)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(w):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    w = jax.device_put(w, NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.all_gather(block, "i", to="reduced", tiled=True)
        full = jax.lax.all_gather(rows, "j", to="reduced", tiled=True, axis=1)
        return full * full + full

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, None, reduced={"i", "j"}))(w)


if __name__ == "__main__":
    print(main(*inputs()))
