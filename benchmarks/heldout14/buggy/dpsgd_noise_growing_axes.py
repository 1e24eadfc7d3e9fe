"""DP-SGD noise generation: every device draws Gaussian noise for its parameter block with
its own key; the noise is assembled axis by axis so that each stage of the optimizer sees
the blocks it needs."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NOISE_MULTIPLIER = 1.1


def assemble_noise(block, mesh_axes):
    idx = jax.lax.axis_index(mesh_axes)
    noise = NOISE_MULTIPLIER * jax.random.normal(jax.random.fold_in(jax.random.key(3), idx), block.shape)
    gathered, done = noise, ()
    for ax in mesh_axes:
        done = done + (ax,)
        gathered = jax.lax.all_gather(gathered, done, axis=0, tiled=True, to="reduced")
    return gathered


def inputs():
    return (np.zeros((16, 4), np.float32),)


def main(w):
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    w = jax.device_put(w, NamedSharding(mesh, P(("replica", "shard"), None)))
    f = jax.shard_map(lambda b: assemble_noise(b, mesh.axis_names), mesh=mesh,
                      in_specs=P(("replica", "shard"), None),
                      out_specs=P(None, None, reduced={"replica", "shard"}))
    return f(w)


if __name__ == "__main__":
    print(main(*inputs()))
