"""SwAV assignment bank: codes are joined over prototype shards, then collected from the whole
mesh for the queue of past assignments."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("dp", "proto"))


def gather_codes(q, axes=MESH.axis_names):
    per_sample = jax.lax.all_gather(q, axes[1], axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(per_sample, axis_name=axes, axis=0, tiled=True, to="reduced")


def inputs():
    return (np.random.default_rng(41).uniform(size=(16, 8)).astype(np.float32),)


def main(codes):
    codes = jax.device_put(codes, NamedSharding(MESH, P("dp", "proto")))
    return jax.shard_map(gather_codes, mesh=MESH, in_specs=P("dp", "proto"),
                         out_specs=P(None, None, reduced={"dp", "proto"}))(codes)


if __name__ == "__main__":
    main(*inputs())
