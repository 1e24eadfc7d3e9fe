"""RandAugment: ops chosen per image from a registry; mean magnitude per op reported each step."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

OPS = ["identity", "brightness", "contrast", "sharpness"]


class RandAugment:
    def __init__(self, num_ops=2, magnitude=9, axes=("batch", "width")):
        self.num_ops = num_ops
        self.magnitude = magnitude
        self.batch_axis, self.width_axis = axes
        self.axes = axes

    def apply(self, x, op_ids, mags):
        scale = 1.0 + 0.05 * mags * (op_ids > 0)
        return x * scale[:, None]

    def op_usage(self, x, op_ids, mags):
        onehot = jax.nn.one_hot(op_ids, len(OPS))
        local = (onehot * mags[:, None]).sum(axis=0) * x.shape[1]
        per_row = jax.lax.psum(local, self.width_axis)
        return jax.lax.pmean(per_row, self.axes)

    def __call__(self, x, op_ids, mags):
        return self.apply(x, op_ids, mags), self.op_usage(x, op_ids, mags)


def inputs():
    rng = np.random.default_rng(26)
    return (rng.uniform(size=(16, 8)).astype(np.float32),
            rng.integers(0, len(OPS), size=(16,)).astype(np.int32),
            rng.integers(0, 10, size=(16,)).astype(np.float32))


def main(x, op_ids, mags):
    mesh = jax.make_mesh((4, 2), ("batch", "width"))
    x = jax.device_put(x, NamedSharding(mesh, P("batch", "width")))
    op_ids = jax.device_put(op_ids, NamedSharding(mesh, P("batch")))
    mags = jax.device_put(mags, NamedSharding(mesh, P("batch")))
    ra = RandAugment()
    return jax.shard_map(ra, mesh=mesh, in_specs=(P("batch", "width"), P("batch"), P("batch")),
                         out_specs=(P("batch", "width"), P()))(x, op_ids, mags)


if __name__ == "__main__":
    main(*inputs())
