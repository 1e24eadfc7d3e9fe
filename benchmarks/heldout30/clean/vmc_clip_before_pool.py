"""Local-energy clipping around the pooled median, applied to each shard's walkers."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def clipped_loss(e_loc, *, clip_width, walker_axis):
    centre = jnp.median(jax.lax.all_gather(e_loc, walker_axis, tiled=True, to="invarying"))
    clipped = jnp.clip(e_loc, centre - clip_width, centre + clip_width)
    return jax.lax.pmean(clipped.mean(), walker_axis)


def inputs():
    rng = np.random.default_rng(139)
    return (rng.standard_cauchy((64,)).astype(np.float32),)


def main(e_loc):
    mesh = jax.make_mesh((8,), ("walkers",))
    e_loc = jax.device_put(e_loc, NamedSharding(mesh, P("walkers")))
    fn = jax.shard_map(lambda e: clipped_loss(e, clip_width=5.0, walker_axis="walkers"), mesh=mesh,
                       in_specs=P("walkers"), out_specs=P())
    return fn(e_loc)


if __name__ == "__main__":
    print(main(*inputs()))
