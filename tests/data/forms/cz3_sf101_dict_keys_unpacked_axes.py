"""A sweep config names its mesh axes as the keys of a dict of sizes, and the code unpacks the
dict into axis names (a dict unpacks into its keys). The gather runs over the first key, on
which the value was just summed."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

SWEEP = {"mesh": {"i": 2, "j": 4}, "metric": "loss"}


def main(mesh, x):
    first, second = SWEEP["mesh"]

    def body(block):
        hits = jax.lax.psum(block.sum(), first)
        return jax.lax.all_gather(hits[None], first, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P(first, second), out_specs=P(second, reduced={first}))(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
