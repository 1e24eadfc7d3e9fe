"""wav2vec 2.0 span masking: the realised mask rate over the full utterance is logged."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TIME_AXIS = "codebook"


def gather_time(mask, axis=TIME_AXIS):
    return jax.lax.all_gather(mask, axis, axis=1, tiled=True, to="reduced")


def mask_rate(mask):
    full = gather_time(mask)
    return jnp.mean(full, axis=1)


def inputs():
    m = np.zeros((8, 16), np.float32)
    m[:, 3:9] = 1.0
    return (m,)


def main(mask):
    mesh = jax.make_mesh((2, 4), ("data", TIME_AXIS))
    mask = jax.device_put(mask, NamedSharding(mesh, P("data", TIME_AXIS)))
    return jax.shard_map(mask_rate, mesh=mesh, in_specs=P("data", TIME_AXIS),
                         out_specs=P("data"))(mask)


if __name__ == "__main__":
    main(*inputs())
