import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    acts = np.sin(np.arange(8 * 16, dtype=np.float32)).reshape(8, 16) * 4.0
    return (acts,)


def main(acts):
    # A per-row quantisation scale: the largest magnitude in each row, which every 'model'
    # shard needs for all rows of its 'data' block.
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    acts = jax.device_put(acts, NamedSharding(mesh, P("data", "model")))

    def scales(block):
        peak = jax.lax.pmax(jnp.max(jnp.abs(block), axis=1), "model")
        scale = peak / 127.0  # before the gather: a reduced value cannot meet a constant
        # pmax leaves the scales identical on every 'model' shard; the reduced gather below
        # takes inputs that differ along the gathered axis, hence the cast.
        scale = jax.lax.pcast(scale, "model", to="varying")
        return jax.lax.all_gather(scale, "model", axis=0, to="reduced")

    table = jax.shard_map(scales, mesh=mesh, in_specs=P("data", "model"),
                          out_specs=P(None, "data", reduced={"model"}))(acts)
    return table


if __name__ == "__main__":
    print(main(*inputs()))
