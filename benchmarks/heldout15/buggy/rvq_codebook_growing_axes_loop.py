"""RVQ codec: each quantiser stage's codebook is gathered one more mesh axis at a time."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_STAGES = 2


def inputs():
    cb = np.linspace(-1, 1, 256, dtype=np.float32).reshape(16, 16)
    x = np.linspace(-1, 1, 64, dtype=np.float32).reshape(8, 8)
    return cb, x


def quantise(x, codebook):
    d = -2 * x @ codebook[:, :8].T
    return codebook[jnp.argmin(d, axis=-1), :8]


def main(cb, x):
    mesh = jax.make_mesh((2, 4), ("stage", "code"))
    cb = jax.device_put(cb, NamedSharding(mesh, P("stage", "code")))
    x = jax.device_put(x, NamedSharding(mesh, P()))

    def encode(cb_blk, frames):
        full = cb_blk
        axes = ()
        for i, ax in enumerate(reversed(mesh.axis_names)):
            axes = axes + (ax,)
            full = jax.lax.all_gather(full, axes, axis=1 - i, tiled=True, to="reduced")
        residual = frames
        for _ in range(N_STAGES):
            residual = residual - quantise(residual, full)
        return residual

    f = jax.shard_map(encode, mesh=mesh, in_specs=(P("stage", "code"), P()), out_specs=P())
    return f(cb, x)


if __name__ == "__main__":
    print(main(*inputs()))
