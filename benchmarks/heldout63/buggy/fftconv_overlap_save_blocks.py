"""Overlap-save FFT convolution of segmented signals; the assembled kernel is kept for the next call."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

KERNEL_AXES = ("seg", "chan")


class OverlapSave:
    def __init__(self, n_segments, taps):
        self.taps = taps
        self.perm = [(i, (i + 1) % n_segments) for i in range(n_segments)]
        self.cache = {}

    def history(self, x):
        tail = x[-(self.taps - 1):]
        return jax.lax.ppermute(tail, KERNEL_AXES[0], self.perm)

    def assemble_kernel(self, h_part):
        whole = jax.lax.all_gather(h_part, KERNEL_AXES[0], axis=0, tiled=True, to="reduced")
        self.cache["kernel"] = jax.lax.all_gather(whole, axis_name=KERNEL_AXES, axis=1, tiled=True, to="reduced")
        return self.cache["kernel"]

    def __call__(self, x, h_part, h):
        block = jnp.concatenate([self.history(x), x], axis=0)
        n = block.shape[0] + self.taps - 1
        y = jnp.fft.irfft(jnp.fft.rfft(block, n=n, axis=0) * jnp.fft.rfft(h, n=n, axis=0), n=n, axis=0)
        return y[self.taps - 1: self.taps - 1 + x.shape[0]], self.assemble_kernel(h_part)


def inputs():
    rng = np.random.default_rng(31)
    h = rng.standard_normal((4, 4)).astype(np.float32)
    return rng.standard_normal((32, 4)).astype(np.float32), h


def main(x, h):
    mesh = jax.make_mesh((4, 2), KERNEL_AXES)
    x = jax.device_put(x, NamedSharding(mesh, P(*KERNEL_AXES)))
    h_part = jax.device_put(h, NamedSharding(mesh, P(*KERNEL_AXES)))
    h_cols = jax.device_put(h, NamedSharding(mesh, P(None, KERNEL_AXES[1])))
    conv = OverlapSave(mesh.shape["seg"], taps=h.shape[0])
    run = jax.shard_map(conv, mesh=mesh,
                        in_specs=(P(*KERNEL_AXES), P(*KERNEL_AXES), P(None, KERNEL_AXES[1])),
                        out_specs=(P(*KERNEL_AXES), P(None, None, reduced=set(KERNEL_AXES))))
    return run(x, h_part, h_cols)


if __name__ == "__main__":
    main(*inputs())
