"""The same sweep, but the gather runs over the second key ("j"), on which the sum over "i"
still varies. Correct code: the unpacking must give each key its own place, not any key."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

SWEEP = {"mesh": {"i": 2, "j": 4}, "metric": "loss"}


def main(mesh, x):
    first, second = SWEEP["mesh"]

    def body(block):
        hits = jax.lax.psum(block.sum(), first)
        return jax.lax.all_gather(hits[None], second, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P(first, second), out_specs=P(reduced={second}))(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
