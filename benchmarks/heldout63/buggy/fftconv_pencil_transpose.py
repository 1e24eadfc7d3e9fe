"""2-D FFT convolution on pencils: FFT along the local axis, transpose the pencils, FFT along the other."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PENCIL_AXIS = "seg"


def transpose_all_to_all(a, axis_name):
    return jax.lax.all_to_all(a, axis_name, split_axis=1, concat_axis=0, tiled=True)


def transpose_gather(a, axis_name):
    full = jax.lax.all_gather(a, axis_name, axis=0, tiled=True)
    idx = jax.lax.axis_index(axis_name)
    width = a.shape[1] // jax.lax.axis_size(axis_name)
    return jax.lax.dynamic_slice_in_dim(full, idx * width, width, axis=1)


TRANSPOSES = {"alltoall": transpose_all_to_all, "gather": transpose_gather}


class PencilConvolution:
    def __init__(self, transpose="alltoall", axis_name=PENCIL_AXIS):
        self.transpose = TRANSPOSES[transpose]
        self.axis_name = axis_name

    def padded_kernel(self, k_rows):
        return jax.lax.all_gather(k_rows, self.axis_name, axis=0, tiled=True, to="reduced")

    def __call__(self, field_rows, k_rows):
        kernel = self.padded_kernel(k_rows)
        kernel_cols = self.transpose(kernel, self.axis_name)
        f = jnp.fft.fft(field_rows, axis=1)
        f_cols = self.transpose(f, self.axis_name)
        return jnp.real(jnp.fft.ifft(f_cols * jnp.sum(kernel_cols, axis=0, keepdims=True), axis=1))


def inputs():
    rng = np.random.default_rng(32)
    return rng.standard_normal((16, 16)).astype(np.float32), rng.standard_normal((16, 16)).astype(np.float32)


def main(field, kernel):
    mesh = jax.make_mesh((4, 2), (PENCIL_AXIS, "chan"))
    spec = P(PENCIL_AXIS, None)
    field = jax.device_put(field, NamedSharding(mesh, spec))
    kernel = jax.device_put(kernel, NamedSharding(mesh, spec))
    conv = PencilConvolution()
    return jax.shard_map(conv, mesh=mesh, in_specs=(spec, spec), out_specs=spec)(field, kernel)


if __name__ == "__main__":
    main(*inputs())
