"""SwAV multi-crop swapped prediction: codes of the two global crops are shared over the data
axis; each small crop is scored against the peak code of its global crop."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MultiCropSwap:
    def __init__(self, num_global=2, num_local=2, dp_axis="dp"):
        self.num_global = num_global
        self.num_local = num_local
        self.dp_axis = dp_axis

    def crop_ids(self):
        return list(range(self.num_global)), list(range(self.num_global, self.num_global + self.num_local))

    def __call__(self, codes):
        global_ids, local_ids = self.crop_ids()
        targets = []
        for g in global_ids:
            shared = jax.lax.all_gather(codes[g], self.dp_axis, axis=0, tiled=True, to="reduced")
            targets.append(jax.lax.pmax(shared, self.dp_axis))
        return jnp.stack([codes[i] * targets[i % self.num_global][: codes.shape[1]] for i in local_ids])


def inputs():
    return (np.random.default_rng(42).uniform(size=(4, 16, 8)).astype(np.float32),)


def main(codes):
    mesh = jax.make_mesh((4, 2), ("dp", "proto"))
    codes = jax.device_put(codes, NamedSharding(mesh, P(None, "dp", "proto")))
    return jax.shard_map(MultiCropSwap(), mesh=mesh, in_specs=P(None, "dp", "proto"),
                         out_specs=P(None, "dp", "proto"))(codes)


if __name__ == "__main__":
    main(*inputs())
