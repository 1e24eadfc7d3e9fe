"""Short-time framing: each segment is tapered with its slice of one global window, then all frames are collected."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

WINDOWS = {"hann": np.hanning, "hamming": np.hamming, "blackman": np.blackman}


def make_framer(axis, window="hann"):
    def frame(x):
        n = x.shape[0] * jax.lax.axis_size(axis)
        taper = jnp.asarray(WINDOWS[window](n).astype(np.float32)[:, None])
        local_taper = jax.lax.dynamic_slice_in_dim(taper, jax.lax.axis_index(axis) * x.shape[0], x.shape[0])
        tapered = jax.lax.all_gather(x * local_taper, axis, axis=0, tiled=True, to="reduced")
        return jnp.abs(tapered)
    return frame


def inputs():
    rng = np.random.default_rng(35)
    return (rng.standard_normal((32, 4)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("seg", "chan"))
    x = jax.device_put(x, NamedSharding(mesh, P("seg", "chan")))
    frame = make_framer("seg", window="hamming")
    return jax.shard_map(frame, mesh=mesh, in_specs=P("seg", "chan"), out_specs=P(None, "chan", reduced={"seg"}))(x)


if __name__ == "__main__":
    main(*inputs())
